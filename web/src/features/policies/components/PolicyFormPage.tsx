import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { AdminOnly } from '../../../components/AdminOnly';
import { ErrorBox } from '../../../components/ErrorBox';
import { ForbiddenPage } from '../../../components/ForbiddenPage';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { PageHeader } from '../../../components/PageHeader';
import { RISK_COLORS } from '../../../components/RiskBadge';
import { isApiError } from '../../../lib/api';
import type { QuickRange } from '../../../lib/date-range';
import { useSession } from '../../../lib/services-context';
import { isAdmin } from '../../../lib/session';
import {
  itemPayloads,
  usePolicyForm,
  type ItemState,
  type PolicyForm,
  type PolicyFormMode,
} from '../hooks/usePolicyForm';
import { useWhatIf, type WhatIfTarget } from '../hooks/useWhatIf';
import { KEYS_DICTIONARY_CODE } from '../types/policy';
import { KeyManager } from './KeyManager';
import { TryOnMenu, WhatIfPanel } from './WhatIfPanel';

const LIST = '/dashboard/policies';
const TITLES: Record<PolicyFormMode, string> = {
  new: 'NEW POLICY',
  edit: 'EDIT POLICY',
  view: 'VIEW POLICY',
};

/** /dashboard/policies/new (?clone={id}), /{id}/edit, /{id}/view (docs/console.md §2). */
export function PolicyFormPage({ mode }: { mode: PolicyFormMode }) {
  if (mode === 'view') return <PolicyScreen mode={mode} />;
  return (
    <AdminOnly fallback={<ForbiddenPage />}>
      <PolicyScreen mode={mode} />
    </AdminOnly>
  );
}

function PolicyScreen({ mode }: { mode: PolicyFormMode }) {
  const params = useParams();
  const [search] = useSearchParams();
  const id = params.id ? Number(params.id) : null;
  const clone = search.get('clone');
  const form = usePolicyForm(mode, id, clone ? Number(clone) : null);
  const navigate = useNavigate();
  const readOnly = mode === 'view';
  const admin = isAdmin(useSession());
  const whatIf = useWhatIf();
  // A saved policy is tried as saved; a policy being edited with its items as they are now, before saving.
  const target = useMemo<WhatIfTarget>(
    () => (readOnly && id !== null ? { policy_id: id } : { policy: { items: itemPayloads(form.items) } }),
    [readOnly, id, form.items],
  );
  const alertTypeNames = useMemo(
    () => new Map(form.items.map((state) => [state.item.alertTypeCode, state.item.alertType.name])),
    [form.items],
  );
  const canTry =
    form.source.status === 'ready' && Object.keys(form.parameterErrors).length === 0 && !whatIf.busy;
  const tryOn = (range: QuickRange) => whatIf.start(range, target);

  if (form.source.status === 'error' && isApiError(form.source.error, 404)) return <NotFoundPage />;
  // The default policy cannot be changed (docs/console.md §6).
  if (mode === 'edit' && form.source.status === 'ready' && form.source.data.isDefault)
    return <ForbiddenPage />;

  const save = async () => {
    const saved = await form.save();
    if (saved) {
      notifications.show({ color: 'green', message: `The policy ${saved.name} has been saved.` });
      navigate(LIST);
    }
  };

  return (
    <Stack gap="md">
      <PageHeader title={TITLES[mode]}>
        {readOnly && form.source.status === 'ready' && !form.source.data.isDefault && (
          <AdminOnly>
            <Button component={Link} to={`${LIST}/${id}/edit`}>
              Edit
            </Button>
          </AdminOnly>
        )}
        {readOnly && admin && <TryOnMenu onPick={tryOn} disabled={!canTry} />}
      </PageHeader>
      <Anchor component={Link} to={LIST} size="sm">
        Back to policies
      </Anchor>
      {form.source.status === 'error' && <ErrorBox />}
      {form.source.status === 'loading' && <Loader aria-label="Loading" />}
      {form.source.status === 'ready' && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Stack gap="md">
            <TextInput
              label="Name"
              required={!readOnly}
              readOnly={readOnly}
              maw={520}
              value={form.name}
              onChange={(event) => form.setName(event.currentTarget.value)}
              error={form.nameError}
            />
            {readOnly && form.source.data.dataCollectors.length > 0 && (
              <Text size="sm">
                Data sources: {form.source.data.dataCollectors.map((source) => source.name).join(', ')}
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {form.items.map((state) => (
                <PolicyItemCard
                  key={state.item.alertTypeCode}
                  state={state}
                  form={form}
                  readOnly={readOnly}
                />
              ))}
            </SimpleGrid>
            {admin && whatIf.current && (
              <WhatIfPanel
                attempt={whatIf.current}
                alertTypeNames={alertTypeNames}
                stale={JSON.stringify(whatIf.current.target) !== JSON.stringify(target)}
                onCancel={whatIf.cancel}
              />
            )}
            {form.saveError && (
              <Alert color="red" variant="light" role="alert" data-testid="policy-save-error">
                {form.saveError}
              </Alert>
            )}
            {!readOnly && (
              <Group justify="flex-end" pos="sticky" bottom={0} py="sm" bg="var(--mantine-color-body)">
                {admin && (
                  <Group mr="auto">
                    <TryOnMenu onPick={tryOn} disabled={!canTry} />
                  </Group>
                )}
                <Button variant="default" onClick={() => navigate(LIST)}>
                  Cancel
                </Button>
                <Button type="submit" disabled={!form.valid || form.saving} loading={form.saving}>
                  Save
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      )}
    </Stack>
  );
}

function PolicyItemCard({
  state,
  form,
  readOnly,
}: {
  state: ItemState;
  form: PolicyForm;
  readOnly: boolean;
}) {
  const { item } = state;
  const code = item.alertTypeCode;
  const schemas = Object.entries(item.alertType.parameters ?? {});
  const errors = form.parameterErrors[code] ?? {};
  return (
    <Card
      withBorder
      padding="md"
      data-testid="policy-item"
      data-code={code}
      component="section"
      aria-label={item.alertType.name}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Switch
            label={item.alertType.name}
            checked={state.enabled}
            disabled={readOnly}
            onChange={(event) => form.setEnabled(code, event.currentTarget.checked)}
            styles={{ label: { fontWeight: 600 } }}
          />
          <Group gap={4} wrap="nowrap">
            <Badge variant="outline" color="gray" miw="max-content">
              {code}
            </Badge>
            <Badge color={RISK_COLORS[item.alertType.risk] ?? 'gray'} autoContrast miw="max-content">
              {item.alertType.risk}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {item.alertType.description}
        </Text>
        {schemas.map(([parameter, schema]) => (
          <TextInput
            key={parameter}
            label={parameter}
            description={`${schema.description ?? ''} (${schema.type}, ${schema.minimum ?? '-∞'} to ${schema.maximum ?? '∞'})`}
            inputMode={schema.type === 'Integer' ? 'numeric' : 'decimal'}
            readOnly={readOnly}
            value={state.values[parameter] ?? ''}
            onChange={(event) => form.setParameter(code, parameter, event.currentTarget.value)}
            error={errors[parameter]}
          />
        ))}
        {code === KEYS_DICTIONARY_CODE && <KeyManager />}
      </Stack>
    </Card>
  );
}
