import { Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../../lib/format';
import { useServices } from '../../../lib/services-context';
import { useSubmission } from '../../../lib/use-submission';
import { getEventRecordCheck, type EventRecordCheck } from '../api/audit-api';

/** For administrators: whether the stored event history still matches its hash chain (`GET audit/verify`). */
export function EventRecordPanel() {
  const { api } = useServices();
  const [state, verify] = useSubmission((_: void) => getEventRecordCheck(api));
  return (
    <Card withBorder padding="md" data-testid="event-record">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={5}>Event record</Title>
          <Button
            size="compact-sm"
            variant="light"
            loading={state.status === 'loading'}
            onClick={() => verify(undefined)}
          >
            Verify now
          </Button>
        </Group>
        {state.status === 'idle' && (
          <Text size="sm" c="dimmed">
            Every recorded event carries a hash chained to the one before it. Verify now to check that none
            was changed since it was recorded.
          </Text>
        )}
        {state.status === 'loading' && (
          <Text size="sm" c="dimmed">
            Checking every recorded event…
          </Text>
        )}
        {state.status === 'done' && <CheckResult check={state.value} />}
        {state.status === 'failed' && (
          <Text size="sm" c="red">
            The event record could not be verified. Try again later.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function CheckResult({ check }: { check: EventRecordCheck }) {
  const start = check.chain_start;
  return (
    <Stack gap={4}>
      {check.ok ? (
        <Text size="sm" c="green" fw={600}>
          Intact: every event since the chain started matches its hash.
        </Text>
      ) : (
        <Text size="sm" c="red" fw={600}>
          Altered: the event at position {check.first_bad_position} no longer matches its hash. The record is
          intact up to position {check.head_position}.
        </Text>
      )}
      <Text size="sm">
        {check.ok ? 'Head position' : 'Last matching position'} {check.head_position}, hash{' '}
        <Code>{check.head_hash}</Code>
      </Text>
      {start && (
        <Text size="sm" c="dimmed">
          Chain started at position {start.position} on {formatDateTime(start.at)}
          {start.reason === 'migration' ? ', when the store was migrated' : ''}.
          {check.before_chain > 0 &&
            ` ${check.before_chain} earlier events were recorded before it and are not covered.`}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        Checked {formatDateTime(check.checked_at)}
      </Text>
    </Stack>
  );
}
