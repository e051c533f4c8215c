import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import {
  addAdditional,
  destinationOf,
  isValidUrl,
  removeAdditional,
  setChannel,
} from '../streams/preferences-form';
import type { AdditionalDestination, DestinationName } from '../types/notifications';
import type { SectionProps } from './SourcesSection';

/** Where notifications go: email, SMS (not available), push, webhook, each with its extra destinations. */
export function ActionSection({ preferences, onChange, onHelp }: SectionProps & { onHelp: () => void }) {
  const channel = (name: DestinationName) => destinationOf(preferences, name);
  const toggle = (name: DestinationName) => (checked: boolean) =>
    onChange(setChannel(preferences, name, checked));
  const remove = (name: DestinationName) => (index: number) =>
    onChange(removeAdditional(preferences, name, index));
  const add = (name: DestinationName) => (extra: AdditionalDestination) =>
    onChange(addAdditional(preferences, name, extra));

  return (
    <Stack gap="lg">
      <ChannelBlock
        title="Email"
        enabled={channel('email').enabled}
        onToggle={toggle('email')}
        description="Alerts are mailed to your account's address and to the extra addresses below once activated."
      >
        <AdditionalList
          entries={channel('email').additional ?? []}
          describe={(extra) => extra.email ?? ''}
          onRemove={remove('email')}
        />
        <AddEmail onAdd={add('email')} disabled={!channel('email').enabled} />
      </ChannelBlock>
      <ChannelBlock title="SMS" enabled={false} disabled description="Text messages are not available.">
        <AdditionalList
          entries={channel('sms').additional ?? []}
          describe={(extra) => extra.phone ?? ''}
          onRemove={remove('sms')}
        />
      </ChannelBlock>
      <ChannelBlock
        title="Push"
        enabled={channel('push').enabled}
        onToggle={toggle('push')}
        description="Shown in the console while you are signed in."
      />
      <ChannelBlock
        title="Webhook"
        enabled={channel('webhook').enabled}
        onToggle={toggle('webhook')}
        description={
          <>
            Each alert is POSTed as JSON to the URLs below, signed with their secret.{' '}
            <Anchor component="button" type="button" size="sm" onClick={onHelp}>
              How to use secrets
            </Anchor>
          </>
        }
      >
        <AdditionalList
          entries={channel('webhook').additional ?? []}
          describe={(extra) => extra.url ?? ''}
          onRemove={remove('webhook')}
        />
        <AddWebhook onAdd={add('webhook')} disabled={!channel('webhook').enabled} />
      </ChannelBlock>
    </Stack>
  );
}

function ChannelBlock({
  title,
  enabled,
  onToggle,
  disabled = false,
  description,
  children,
}: {
  title: string;
  enabled: boolean;
  onToggle?: (checked: boolean) => void;
  disabled?: boolean;
  description: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} size="h6">
          {title}
        </Title>
        <Switch
          label={enabled ? 'Enabled' : 'Disabled'}
          aria-label={`${title} notifications`}
          checked={enabled}
          disabled={disabled}
          onChange={(event) => onToggle?.(event.currentTarget.checked)}
        />
      </Group>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
      {children}
    </Stack>
  );
}

function AdditionalList({
  entries,
  describe,
  onRemove,
}: {
  entries: AdditionalDestination[];
  describe: (extra: AdditionalDestination) => string;
  onRemove: (index: number) => void;
}) {
  if (entries.length === 0) return null;
  return (
    <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {entries.map((extra, index) => {
        const text = describe(extra);
        return (
          <Group
            key={`${text}-${index}`}
            component="li"
            gap="xs"
            wrap="nowrap"
            data-testid="additional-destination"
          >
            <Tooltip label={extra.active ? 'Active' : 'Pending activation'}>
              <ThemeIcon
                size="sm"
                radius="xl"
                variant="light"
                color={extra.active ? 'green' : 'gray'}
                aria-label={extra.active ? 'Active' : 'Pending activation'}
                role="img"
              >
                {extra.active ? '✓' : '🕓'}
              </ThemeIcon>
            </Tooltip>
            <Text size="sm" style={{ wordBreak: 'break-all', flex: 1 }}>
              {text}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${text}`}
              onClick={() => onRemove(index)}
            >
              ✕
            </ActionIcon>
          </Group>
        );
      })}
    </Stack>
  );
}

interface AddProps {
  onAdd: (extra: AdditionalDestination) => void;
  /** The server keeps a channel's extra destinations only while the channel is on. */
  disabled: boolean;
}

function AddEmail({ onAdd, disabled }: AddProps) {
  const [email, setEmail] = useState('');
  const add = () => {
    onAdd({ email: email.trim() });
    setEmail('');
  };
  return (
    <Group align="flex-end" gap="xs">
      <TextInput
        label="Add email"
        description={disabled ? 'Enable email to add addresses.' : undefined}
        disabled={disabled}
        type="email"
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
        style={{ flex: 1 }}
      />
      <Button variant="default" onClick={add} disabled={disabled || email.trim() === ''}>
        Add email
      </Button>
    </Group>
  );
}

function AddWebhook({ onAdd, disabled }: AddProps) {
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const typed = url.trim() !== '';
  const valid = isValidUrl(url);
  return (
    <Stack gap="xs">
      <Group align="flex-start" gap="xs" grow>
        <TextInput
          label="Webhook URL"
          description={disabled ? 'Enable webhook to add URLs.' : undefined}
          disabled={disabled}
          placeholder="https://example.com/alerts"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={typed && !valid ? 'Enter a valid url.' : undefined}
        />
        <PasswordInput
          label="Secret"
          disabled={disabled}
          description="A SHA-256 secret: the key of each call's HMAC signature"
          value={secret}
          onChange={(event) => setSecret(event.currentTarget.value)}
        />
      </Group>
      <Group justify="flex-end">
        <Button
          variant="default"
          disabled={disabled || !valid}
          onClick={() => {
            onAdd({ url: url.trim(), secret: secret === '' ? null : secret });
            setUrl('');
            setSecret('');
          }}
        >
          Add webhook
        </Button>
      </Group>
    </Stack>
  );
}
