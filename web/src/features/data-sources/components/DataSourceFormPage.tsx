import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Loader,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { AdminOnly } from '../../../components/AdminOnly';
import { ErrorBox } from '../../../components/ErrorBox';
import { ForbiddenPage } from '../../../components/ForbiddenPage';
import { PageHeader } from '../../../components/PageHeader';
import { useDataSourceForm, type DataSourceForm } from '../hooks/useDataSourceForm';
import type { DataSourceTypeCode } from '../types/data-source';
import { DESCRIPTION_MAX, NAME_MAX, needsServer } from '../utils/data-source-form';

export const CLEAR_TEXT_WARNING = "If you don't enable SSL, credentials will be sent in clear text.";
const KEEP_SECRET = 'Leave empty to keep the stored value';
const LIST = '/dashboard/data_collectors';

/** /dashboard/data_collectors/new and /{id}/edit: administrators only (docs/console.md §6). */
export function DataSourceFormPage() {
  return (
    <AdminOnly fallback={<ForbiddenPage />}>
      <DataSourceFormScreen />
    </AdminOnly>
  );
}

function DataSourceFormScreen() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const form = useDataSourceForm(id);
  const navigate = useNavigate();
  const title = id === null ? 'New Data Source' : 'Edit Data Source';

  if (form.context.status === 'error') {
    return (
      <Stack gap="md">
        <PageHeader title={title} />
        <ErrorBox />
      </Stack>
    );
  }
  if (form.context.status === 'loading') {
    return (
      <Stack gap="md">
        <PageHeader title={title} />
        <Loader aria-label="Loading" />
      </Stack>
    );
  }
  const { types, policies, regions } = form.context.data;
  const { values, visibleErrors: errors, set, touch } = form;

  const save = async () => {
    const savedId = await form.save();
    if (savedId !== null) navigate(LIST);
  };

  return (
    <Stack gap="md" maw={900}>
      <PageHeader title={title} />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="md">
          <Fieldset legend="General">
            <Stack gap="sm">
              <Select
                label="Type"
                required
                placeholder="Choose a type"
                data={types.map((type) => ({ value: type.type, label: type.name }))}
                value={values.typeCode}
                onChange={(value) => {
                  set('typeCode', value as DataSourceTypeCode | null);
                  set('topics', []);
                }}
                onBlur={() => touch('typeCode')}
                error={errors.typeCode}
                allowDeselect={false}
              />
              <TextInput
                label="Name"
                required
                value={values.name}
                onChange={(event) => set('name', event.currentTarget.value)}
                onBlur={() => touch('name')}
                error={errors.name}
                description={`${values.name.length}/${NAME_MAX}`}
              />
              <Textarea
                label="Description"
                autosize
                minRows={2}
                value={values.description}
                onChange={(event) => set('description', event.currentTarget.value)}
                error={errors.description}
                description={`${values.description.length}/${DESCRIPTION_MAX}`}
              />
              <Select
                label="Policy"
                required
                data={policies.map((policy) => ({ value: String(policy.id), label: policy.name }))}
                value={values.policyId}
                onChange={(value) => set('policyId', value)}
                onBlur={() => touch('policyId')}
                error={errors.policyId}
                allowDeselect={false}
              />
            </Stack>
          </Fieldset>

          {values.typeCode === 'ttn_v3_collector' && <TtnV3Fields form={form} regions={regions} />}
          {values.typeCode && needsServer(values) && <ServerFields form={form} />}
          {values.typeCode === 'ttn_collector' && <TtnV2Gateways form={form} />}

          <TestOutcome form={form} />
          {form.saveError && (
            <Alert color="red" variant="light" role="alert" data-testid="save-error">
              {form.saveError}
            </Alert>
          )}

          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(LIST)}>
              Cancel
            </Button>
            <Button
              variant="light"
              onClick={form.startTest}
              disabled={!form.valid || form.test.status === 'running'}
              loading={form.test.status === 'running'}
            >
              Test connection
            </Button>
            <Button type="submit" disabled={!form.canSave} loading={form.saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function secretHint(kept: boolean) {
  return kept ? { placeholder: 'Unchanged', description: KEEP_SECRET } : {};
}

/** Host, port, credentials and SSL of the types that connect to a server the user names. */
function ServerFields({ form }: { form: DataSourceForm }) {
  const { values, visibleErrors: errors, set, touch } = form;
  const chirpStack =
    values.typeCode === 'chirpstack_collector' || values.typeCode === 'chirpstack_v4_collector';
  const ttnV2 = values.typeCode === 'ttn_collector';
  const hostLabel = chirpStack ? 'IP or hostname' : 'IP, hostname or URL';
  return (
    <Fieldset legend={ttnV2 ? 'TTN account' : 'Connection'}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={hostLabel}
            required
            value={values.ip}
            onChange={(event) => set('ip', event.currentTarget.value)}
            onBlur={() => touch('ip')}
            error={errors.ip}
          />
          <NumberInput
            label="Port"
            required={!ttnV2}
            min={1}
            max={65535}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            value={values.port}
            onChange={(value) => set('port', String(value))}
            onBlur={() => touch('port')}
            error={errors.port}
          />
        </SimpleGrid>
        {(chirpStack || ttnV2) && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="User"
              required={ttnV2}
              autoComplete="off"
              value={values.user}
              onChange={(event) => set('user', event.currentTarget.value)}
              onBlur={() => touch('user')}
              error={errors.user}
            />
            <PasswordInput
              label="Password"
              required={ttnV2 && !form.stored.password}
              autoComplete="new-password"
              value={values.password}
              onChange={(event) => set('password', event.currentTarget.value)}
              onBlur={() => touch('password')}
              error={errors.password}
              {...secretHint(form.stored.password)}
            />
          </SimpleGrid>
        )}
        {chirpStack && (
          <TagsInput
            label="Topics"
            description="MQTT topic filters; leave empty for the type's usual gateway and application topics"
            value={values.topics}
            onChange={(topics) => set('topics', topics)}
            clearable
          />
        )}
        <Switch
          label="SSL"
          checked={values.ssl}
          onChange={(event) => set('ssl', event.currentTarget.checked)}
        />
        {values.ssl ? (
          <Stack gap="sm">
            <Textarea
              label="CA certificate"
              autosize
              minRows={2}
              ff="monospace"
              placeholder="-----BEGIN CERTIFICATE-----"
              value={values.caCert}
              onChange={(event) => set('caCert', event.currentTarget.value)}
            />
            <Textarea
              label="Client certificate"
              autosize
              minRows={2}
              ff="monospace"
              placeholder="-----BEGIN CERTIFICATE-----"
              value={values.clientCert}
              onChange={(event) => set('clientCert', event.currentTarget.value)}
            />
            <Textarea
              label="Client key"
              autosize
              minRows={2}
              ff="monospace"
              value={values.clientKey}
              onChange={(event) => set('clientKey', event.currentTarget.value)}
              {...secretHint(form.stored.clientKey)}
            />
          </Stack>
        ) : (
          <Alert color="yellow" variant="light" data-testid="ssl-warning">
            {CLEAR_TEXT_WARNING}
          </Alert>
        )}
      </Stack>
    </Fieldset>
  );
}

function TtnV3Fields({ form, regions }: { form: DataSourceForm; regions: { id: number; name: string }[] }) {
  const { values, visibleErrors: errors, set, touch } = form;
  return (
    <Fieldset legend="The Things Stack">
      <Stack gap="sm">
        <Switch
          label="Local Server"
          checked={values.localServer}
          onChange={(event) => set('localServer', event.currentTarget.checked)}
        />
        {!values.localServer && (
          <Select
            label="Region"
            required
            data={regions.map((region) => ({ value: String(region.id), label: region.name }))}
            value={values.regionId}
            onChange={(value) => set('regionId', value)}
            onBlur={() => touch('regionId')}
            error={errors.regionId}
            allowDeselect={false}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Gateway ID"
            required
            description="Comma-separated for several gateways"
            value={values.gatewayId}
            onChange={(event) => set('gatewayId', event.currentTarget.value)}
            onBlur={() => touch('gatewayId')}
            error={errors.gatewayId}
          />
          <TextInput
            label="Gateway name"
            required
            description="One per gateway ID, comma-separated"
            value={values.gatewayName}
            onChange={(event) => set('gatewayName', event.currentTarget.value)}
            onBlur={() => touch('gatewayName')}
            error={errors.gatewayName}
          />
        </SimpleGrid>
        <PasswordInput
          label="API key"
          required={!form.stored.gatewayApiKey}
          autoComplete="new-password"
          value={values.gatewayApiKey}
          onChange={(event) => set('gatewayApiKey', event.currentTarget.value)}
          onBlur={() => touch('gatewayApiKey')}
          error={errors.gatewayApiKey}
          {...secretHint(form.stored.gatewayApiKey)}
        />
      </Stack>
    </Fieldset>
  );
}

/** TTN v2: sign in with the account, then tick its gateways (docs/console.md §7, §8). */
function TtnV2Gateways({ form }: { form: DataSourceForm }) {
  const { values, gateways } = form;
  const canFetch = values.user.trim() !== '' && values.password !== '' && values.ip.trim() !== '';
  return (
    <Fieldset legend="Gateways">
      <Stack gap="sm">
        <Group>
          <Button
            variant="light"
            onClick={form.fetchGateways}
            disabled={!canFetch}
            loading={gateways.status === 'loading'}
          >
            Get gateways
          </Button>
          {!canFetch && (
            <Text size="sm" c="dimmed">
              Enter the server, user and password of the account first.
            </Text>
          )}
        </Group>
        {gateways.status === 'error' && (
          <Alert color="red" variant="light" role="alert" data-testid="gateways-error">
            {gateways.message}
          </Alert>
        )}
        {gateways.status === 'ready' && (
          <Checkbox.Group
            label="Gateways to monitor"
            value={values.ttnGateways}
            onChange={(ids) => form.set('ttnGateways', ids)}
            error={form.visibleErrors.ttnGateways}
          >
            <Stack gap={6} mt="xs">
              {gateways.gateways.map((gateway) => (
                <Checkbox
                  key={gateway.id}
                  value={gateway.id}
                  label={`${gateway.id}${gateway.description ? ` (${gateway.description})` : ''}`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
      </Stack>
    </Fieldset>
  );
}

function TestOutcome({ form }: { form: DataSourceForm }) {
  const { test } = form;
  if (test.status === 'idle') {
    return (
      <Text size="sm" c="dimmed">
        Test the connection before saving.
      </Text>
    );
  }
  if (test.status === 'running') {
    return (
      <Group gap="xs" data-testid="test-running">
        <Loader size="xs" />
        <Text size="sm">Testing connection...</Text>
      </Group>
    );
  }
  return (
    <Alert
      color={test.status === 'success' ? 'green' : 'red'}
      variant="light"
      role="status"
      data-testid="test-result"
      data-outcome={test.status}
    >
      {test.message}
    </Alert>
  );
}
