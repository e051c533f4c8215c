import { Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { AdminOnly } from '../../../components/AdminOnly';
import { ErrorBox } from '../../../components/ErrorBox';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { PageHeader } from '../../../components/PageHeader';
import { isApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useDataSource } from '../hooks/useDataSource';
import { useRegionNames } from '../hooks/useLookups';
import type { DataSource } from '../types/data-source';
import { CoverageNotes } from './CoverageNotes';
import { NO_RECENT_MESSAGE } from './DataSourcesPage';
import { StatusBadge } from './StatusBadge';

const BASE = '/dashboard/data_collectors';

function Section({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      <Table variant="vertical" layout="fixed" withRowBorders={false}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="40%">{label}</Table.Th>
              <Table.Td style={{ wordBreak: 'break-word' }}>{value ?? '-'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function connectionRows(source: DataSource, regionNames: Record<number, string>): [string, ReactNode][] {
  const code = source.type?.type;
  const gateways = (source.gateways_list ?? [])
    .map((gateway) => `${gateway.gateway_name} (${gateway.gateway_id})`)
    .join(', ');
  if (code === 'ttn_v3_collector') {
    return [
      [
        'Server',
        source.custom_ip
          ? `${source.ip ?? ''}${source.port ? `:${source.port}` : ''}`
          : 'The Things Stack cloud',
      ],
      [
        'Region',
        source.custom_ip || source.region_id === null
          ? '-'
          : (regionNames[source.region_id] ?? source.region_id),
      ],
      ['Gateways', gateways || '-'],
      ['API key', source.gateway_api_key_set ? 'Stored' : 'Not set'],
      ['SSL', source.ssl ? 'Enabled' : 'Disabled'],
    ];
  }
  const rows: [string, ReactNode][] = [
    ['Host', source.ip ?? '-'],
    ['Port', source.port ?? '-'],
    ['User', source.user || '-'],
    ['Password', source.password_set ? 'Stored' : 'Not set'],
    ['SSL', source.ssl ? 'Enabled' : 'Disabled'],
  ];
  if (code === 'ttn_collector') rows.push(['Gateways', gateways || '-']);
  else rows.push(['Topics', source.topics.length > 0 ? source.topics.join(', ') : '-']);
  return rows;
}

/** What the collector cannot see, when anything: a row of its own in the status section. */
function coverageRows(source: DataSource): [string, ReactNode][] {
  const notes = source.detector_coverage ?? [];
  return notes.length === 0 ? [] : [['Detector coverage', <CoverageNotes key="coverage" notes={notes} />]];
}

/** /dashboard/data_collectors/{id}/view (docs/console.md §2). */
export function DataSourceViewPage() {
  const id = Number(useParams().id);
  const state = useDataSource(id);
  const regionNames = useRegionNames();

  if (state.status === 'error' && isApiError(state.error, 404)) return <NotFoundPage />;
  return (
    <Stack gap="md">
      <PageHeader title="VIEW DATA SOURCE">
        <Button component={Link} to={`${BASE}/${id}/log`} variant="light">
          Logs
        </Button>
        <AdminOnly>
          <Button component={Link} to={`${BASE}/${id}/edit`}>
            Edit
          </Button>
        </AdminOnly>
      </PageHeader>
      <Anchor component={Link} to={BASE} size="sm">
        Back to data sources
      </Anchor>
      {state.status === 'error' && <ErrorBox />}
      {state.status === 'loading' && <Loader aria-label="Loading" />}
      {state.status === 'ready' && (
        <SimpleGrid cols={{ base: 1, md: 3 }} data-testid="data-source-view">
          <Section
            title="Details"
            rows={[
              ['Name', state.data.name],
              ['Description', state.data.description || '-'],
              ['Type', state.data.type?.name ?? '-'],
              ['Policy', state.data.policy_name ?? '-'],
              ['Created', formatDateTime(state.data.created_at)],
            ]}
          />
          <Section
            title="Status"
            rows={[
              ['Status', <StatusBadge key="status" status={state.data.status} />],
              [
                'Last message',
                state.data.lastMessage ? (
                  formatDateTime(state.data.lastMessage)
                ) : (
                  <Text key="none" size="sm" c="dimmed">
                    {NO_RECENT_MESSAGE}
                  </Text>
                ),
              ],
              ['Last error', state.data.last_error || '-'],
              ...coverageRows(state.data),
            ]}
          />
          <Section title="Connection" rows={connectionRows(state.data, regionNames)} />
        </SimpleGrid>
      )}
      {state.status === 'ready' && (
        <Group>
          <Anchor component={Link} to={`${BASE}/${id}/log`}>
            See the logs of {state.data.name}
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}
