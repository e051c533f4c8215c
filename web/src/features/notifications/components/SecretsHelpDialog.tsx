import { Code, List, Modal, Stack, Text } from '@mantine/core';

const VERIFY_EXAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: the request body exactly as received (a string), secret: the webhook's secret.
const expected = createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
const received = request.headers['x-signature'];
const valid = received.length === expected.length &&
  timingSafeEqual(Buffer.from(received), Buffer.from(expected));`;

/** 'How to use secrets': how a webhook receiver checks that a call came from this console. */
export function SecretsHelpDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="How to use secrets" size="lg">
      <Stack gap="sm">
        <Text size="sm">
          Give each webhook a secret: a long random text known only to you and to the receiver (for example 64
          hexadecimal characters, a SHA-256 sized key). The console never shows it again after saving.
        </Text>
        <Text size="sm">
          Every call is a JSON POST signed twice with HMAC-SHA256, in lowercase hexadecimal:
        </Text>
        <List size="sm" spacing="xs">
          <List.Item>
            the <Code>X-Signature</Code> header signs the raw body exactly as sent;
          </List.Item>
          <List.Item>
            the body&apos;s last field, <Code>signature</Code>, signs the body without that field (the JSON
            text up to
            <Code>,&quot;signature&quot;</Code>, closed by <Code>{'}'}</Code>), for receivers that only see
            parsed JSON.
          </List.Item>
        </List>
        <Text size="sm">
          Compute the HMAC of what you received with your secret and compare, in constant time:
        </Text>
        <Code block>{VERIFY_EXAMPLE}</Code>
        <Text size="sm">
          Reject calls whose signature does not match. Without a secret, calls are sent unsigned.
        </Text>
      </Stack>
    </Modal>
  );
}
