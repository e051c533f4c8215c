import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AdminOnly } from '../../../components/AdminOnly';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorBox } from '../../../components/ErrorBox';
import { PageHeader } from '../../../components/PageHeader';
import { PagedTable } from '../../../components/PagedTable';
import { usePoliciesList } from '../hooks/usePoliciesList';
import type { Policy } from '../types/policy';
import { POLICY_TEXTS, deleteFailureText } from '../utils/policy-errors';
import { ClonePolicyDialog } from './ClonePolicyDialog';

export const POLICY_COLUMNS = ['NAME', 'DATA SOURCES', 'ACTIONS'] as const;
const BASE = '/dashboard/policies';

export function PoliciesPage() {
  const list = usePoliciesList();
  const navigate = useNavigate();
  const [toClone, setToClone] = useState<Policy | null>(null);
  const [toDelete, setToDelete] = useState<Policy | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  useEffect(() => setDeleteError(null), [toDelete]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await list.remove(toDelete);
      notifications.show({ color: 'green', message: POLICY_TEXTS.removed });
      setToDelete(null);
    } catch (error) {
      setDeleteError(deleteFailureText(error));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Stack gap="md">
      <PageHeader title="POLICIES">
        <AdminOnly>
          <Button component={Link} to={`${BASE}/new`}>
            NEW POLICY
          </Button>
        </AdminOnly>
      </PageHeader>
      {list.status === 'error' ? (
        <ErrorBox />
      ) : (
        <PagedTable
          list={list}
          columns={POLICY_COLUMNS}
          minWidth={560}
          testId="policies-table"
          rowProps={(policy) => ({
            key: policy.id,
            'data-testid': 'policy-row',
            'data-policy-id': policy.id,
          })}
          row={(policy) => (
            <>
              <Table.Td>
                <Anchor component={Link} to={`${BASE}/${policy.id}/view`} fw={500}>
                  {policy.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {policy.dataCollectors.length > 0 ? (
                  policy.dataCollectors.map((source) => source.name).join(', ')
                ) : (
                  <Text size="sm" c="dimmed">
                    -
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    component={Link}
                    to={`${BASE}/${policy.id}/view`}
                    aria-label={`View ${policy.name}`}
                  >
                    View
                  </Button>
                  <AdminOnly>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => setToClone(policy)}
                      aria-label={`Clone ${policy.name}`}
                    >
                      Clone
                    </Button>
                    {!policy.isDefault && (
                      <>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          component={Link}
                          to={`${BASE}/${policy.id}/edit`}
                          aria-label={`Edit ${policy.name}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setToDelete(policy)}
                          aria-label={`Delete ${policy.name}`}
                        >
                          Delete
                        </Button>
                      </>
                    )}
                  </AdminOnly>
                </Group>
              </Table.Td>
            </>
          )}
          empty="No registered policies."
          pagerLabel="Policies pages"
        />
      )}

      <ClonePolicyDialog
        policy={toClone}
        onClone={list.clone}
        onCloned={(created) => {
          setToClone(null);
          navigate(`${BASE}/${created.id}/edit`);
        }}
        onClose={() => setToClone(null)}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete policy"
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
        loading={deleting}
        error={deleteError}
      >
        <Text size="sm">The policy {toDelete?.name} will be removed. Do you want to continue?</Text>
      </ConfirmDialog>
    </Stack>
  );
}
