import type { DataSource, DataSourcePayload, DataSourceTypeCode } from '../types/data-source';

/** Limits of docs/console.md §5 and §9. */
export const NAME_MAX = 120;
export const DESCRIPTION_MAX = 1000;
/** Credentials and the API key must stay under 120 characters. */
export const CREDENTIAL_MAX = 119;
export const GATEWAY_NAME_MAX = 36;

export interface DataSourceFormValues {
  typeCode: DataSourceTypeCode | null;
  name: string;
  description: string;
  policyId: string | null;
  ip: string;
  port: string;
  user: string;
  password: string;
  ssl: boolean;
  caCert: string;
  clientCert: string;
  clientKey: string;
  topics: string[];
  /** TTN v3: comma-separated ids and names, parallel. */
  gatewayId: string;
  gatewayName: string;
  gatewayApiKey: string;
  regionId: string | null;
  /** TTN v3 "Local Server": an own server (ip, port) instead of a region cluster. */
  localServer: boolean;
  /** TTN v2: the account's gateways ticked for collection. */
  ttnGateways: string[];
}

export type FormField = keyof DataSourceFormValues;
export type FormErrors = Partial<Record<FormField, string>>;

/** Which secrets the server already holds (edit form): left empty, they are kept. */
export interface StoredSecrets {
  password: boolean;
  clientKey: boolean;
  gatewayApiKey: boolean;
}

export const NO_STORED_SECRETS: StoredSecrets = { password: false, clientKey: false, gatewayApiKey: false };

export const EMPTY_FORM: DataSourceFormValues = {
  typeCode: null,
  name: '',
  description: '',
  policyId: null,
  ip: '',
  port: '',
  user: '',
  password: '',
  ssl: false,
  caCert: '',
  clientCert: '',
  clientKey: '',
  topics: [],
  gatewayId: '',
  gatewayName: '',
  gatewayApiKey: '',
  regionId: null,
  localServer: false,
  ttnGateways: [],
};

export const MESSAGES = {
  required: 'This field is required',
  nameTooLong: `Name length can't be greater than ${NAME_MAX}`,
  descriptionTooLong: `Description length can't be greater than ${DESCRIPTION_MAX}`,
  host: 'Enter a valid IP address or hostname',
  hostOrUrl: 'Enter a valid IP address, hostname or URL',
  port: 'Enter a valid port (1-65535)',
  userTooLong: 'User must be shorter than 120 characters',
  passwordTooLong: 'Password must be shorter than 120 characters',
  apiKeyTooLong: 'API key must be shorter than 120 characters',
  gatewayNameTooLong: `Gateway name length can't be greater than ${GATEWAY_NAME_MAX}`,
  gatewayId: 'Gateway IDs are lowercase letters, digits and hyphens, comma-separated',
  gatewayNamesCount: 'Give one name per gateway ID, comma-separated',
  region: 'Select a region',
  gateways: 'Select at least one gateway',
} as const;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^\[?[0-9A-Fa-f:]+(:[0-9A-Fa-f]+)*\]?$/;
const HOSTNAME =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const URL_FORM = /^https?:\/\/[^\s/$.?#][^\s]*$/;
const TTN_ID = /^[a-z0-9](?:-?[a-z0-9]){1,35}$/;

export function isValidHost(value: string, allowUrl = false): boolean {
  const host = value.trim();
  if (host === '') return false;
  if (IPV4.test(host)) return true;
  // Dotted digits that are not a valid IPv4 address are a typo, not a host name.
  if (/^[\d.]+$/.test(host)) return false;
  if (host.includes(':') && IPV6.test(host)) return true;
  if (HOSTNAME.test(host)) return true;
  return allowUrl && URL_FORM.test(host);
}

export function isValidPort(value: string): boolean {
  if (!/^\d{1,5}$/.test(value.trim())) return false;
  const port = Number(value);
  return port >= 1 && port <= 65535;
}

const isChirpStack = (type: DataSourceTypeCode | null) =>
  type === 'chirpstack_collector' || type === 'chirpstack_v4_collector';

/** Does the type connect to a host and port the user gives? */
export function needsServer(values: DataSourceFormValues): boolean {
  if (isChirpStack(values.typeCode) || values.typeCode === 'ttn_collector') return true;
  return values.typeCode === 'ttn_v3_collector' && values.localServer;
}

export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** Every rule of docs/console.md §5 for the chosen type; an empty result means Test connection may run. */
export function validateDataSource(
  values: DataSourceFormValues,
  stored: StoredSecrets = NO_STORED_SECRETS,
): FormErrors {
  const errors: FormErrors = {};
  if (!values.typeCode) errors.typeCode = MESSAGES.required;
  if (values.name.trim() === '') errors.name = MESSAGES.required;
  else if (values.name.length > NAME_MAX) errors.name = MESSAGES.nameTooLong;
  if (values.description.length > DESCRIPTION_MAX) errors.description = MESSAGES.descriptionTooLong;
  if (!values.policyId) errors.policyId = MESSAGES.required;

  if (needsServer(values)) {
    const allowUrl = values.typeCode === 'ttn_v3_collector' || values.typeCode === 'ttn_collector';
    if (values.ip.trim() === '') errors.ip = MESSAGES.required;
    else if (!isValidHost(values.ip, allowUrl)) errors.ip = allowUrl ? MESSAGES.hostOrUrl : MESSAGES.host;
    // TTN v2 servers may be given as a URL carrying its port.
    const portOptional = values.typeCode === 'ttn_collector';
    if (values.port.trim() === '') {
      if (!portOptional) errors.port = MESSAGES.required;
    } else if (!isValidPort(values.port)) errors.port = MESSAGES.port;
  }

  if (values.user.length > CREDENTIAL_MAX) errors.user = MESSAGES.userTooLong;
  if (values.password.length > CREDENTIAL_MAX) errors.password = MESSAGES.passwordTooLong;

  if (values.typeCode === 'ttn_v3_collector') {
    if (!values.localServer && !values.regionId) errors.regionId = MESSAGES.region;
    const ids = splitList(values.gatewayId);
    if (ids.length === 0) errors.gatewayId = MESSAGES.required;
    else if (!ids.every((id) => TTN_ID.test(id))) errors.gatewayId = MESSAGES.gatewayId;
    const names = splitList(values.gatewayName);
    if (names.length === 0) errors.gatewayName = MESSAGES.required;
    else if (names.some((name) => name.length > GATEWAY_NAME_MAX))
      errors.gatewayName = MESSAGES.gatewayNameTooLong;
    else if (ids.length > 0 && names.length !== ids.length) errors.gatewayName = MESSAGES.gatewayNamesCount;
    if (values.gatewayApiKey === '') {
      if (!stored.gatewayApiKey) errors.gatewayApiKey = MESSAGES.required;
    } else if (values.gatewayApiKey.length > CREDENTIAL_MAX) errors.gatewayApiKey = MESSAGES.apiKeyTooLong;
  }

  if (values.typeCode === 'ttn_collector') {
    if (values.user.trim() === '') errors.user = MESSAGES.required;
    if (values.password === '' && !stored.password) errors.password = MESSAGES.required;
    if (values.ttnGateways.length === 0) errors.ttnGateways = MESSAGES.gateways;
  }
  return errors;
}

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** The create/update/test body; fields the type does not use are left out. */
export function toPayload(
  values: DataSourceFormValues,
  typeId: number,
  gatewayNames: Record<string, string> = {},
): DataSourcePayload {
  const payload: DataSourcePayload = {
    name: values.name.trim(),
    description: values.description,
    data_collector_type_id: typeId,
    policy_id: Number(values.policyId),
    ssl: values.ssl,
  };
  if (needsServer(values)) {
    payload.ip = values.ip.trim();
    payload.port = optional(values.port);
  }
  if (values.ssl) {
    payload.ca_cert = optional(values.caCert);
    payload.client_cert = optional(values.clientCert);
    payload.client_key = optional(values.clientKey);
  }
  if (isChirpStack(values.typeCode)) {
    payload.user = optional(values.user);
    payload.password = values.password === '' ? undefined : values.password;
    if (values.topics.length > 0) payload.topics = values.topics;
  }
  if (values.typeCode === 'ttn_v3_collector') {
    payload.gateway_id = splitList(values.gatewayId).join(',');
    payload.gateway_name = splitList(values.gatewayName).join(',');
    payload.gateway_api_key = values.gatewayApiKey === '' ? undefined : values.gatewayApiKey;
    payload.custom_ip = values.localServer;
    if (!values.localServer && values.regionId) payload.region_id = Number(values.regionId);
  }
  if (values.typeCode === 'ttn_collector') {
    payload.user = values.user.trim();
    payload.password = values.password === '' ? undefined : values.password;
    payload.gateway_id = values.ttnGateways.join(',');
    payload.gateway_name = values.ttnGateways
      .map((id) => (gatewayNames[id] ?? id).replace(/,/g, ' ').slice(0, GATEWAY_NAME_MAX))
      .join(',');
  }
  return payload;
}

/** The edit form's starting values; secrets start empty (the server never returns them). */
export function formFromDataSource(source: DataSource): DataSourceFormValues {
  const gateways = source.gateways_list ?? [];
  const typeCode = source.type?.type ?? null;
  return {
    ...EMPTY_FORM,
    typeCode,
    name: source.name,
    description: source.description ?? '',
    policyId: String(source.policy_id),
    ip: source.ip ?? '',
    port: source.port ?? '',
    user: source.user ?? '',
    ssl: source.ssl,
    caCert: source.ca_cert ?? '',
    clientCert: source.client_cert ?? '',
    topics: isChirpStack(typeCode) ? (source.topics ?? []) : [],
    gatewayId: typeCode === 'ttn_v3_collector' ? gateways.map((g) => g.gateway_id).join(', ') : '',
    gatewayName: typeCode === 'ttn_v3_collector' ? gateways.map((g) => g.gateway_name).join(', ') : '',
    regionId: source.region_id === null ? null : String(source.region_id),
    localServer: source.custom_ip ?? false,
    ttnGateways: typeCode === 'ttn_collector' ? gateways.map((g) => g.gateway_id) : [],
  };
}

export function storedSecretsOf(source: DataSource): StoredSecrets {
  return {
    password: source.password_set ?? false,
    clientKey: source.client_key_set ?? false,
    gatewayApiKey: source.gateway_api_key_set ?? false,
  };
}
