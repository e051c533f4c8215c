import {
  EMPTY_FORM,
  MESSAGES,
  toPayload,
  validateDataSource,
  type DataSourceFormValues,
} from './data-source-form';

const chirpStack: DataSourceFormValues = {
  ...EMPTY_FORM,
  typeCode: 'chirpstack_collector',
  name: 'Lab',
  policyId: '1',
  ip: '10.0.0.5',
  port: '1883',
};

const ttnV3: DataSourceFormValues = {
  ...EMPTY_FORM,
  typeCode: 'ttn_v3_collector',
  name: 'Cloud',
  policyId: '1',
  regionId: '1',
  gatewayId: 'gw-one',
  gatewayName: 'Roof',
  gatewayApiKey: 'NNSXS.KEY',
};

describe('data source form rules (docs/console.md §5)', () => {
  it('accepts a complete ChirpStack data source', () => {
    expect(validateDataSource(chirpStack)).toEqual({});
    expect(validateDataSource({ ...chirpStack, ip: 'broker.example.com' })).toEqual({});
  });

  it('requires type, name and policy', () => {
    expect(validateDataSource(EMPTY_FORM)).toMatchObject({
      typeCode: MESSAGES.required,
      name: MESSAGES.required,
      policyId: MESSAGES.required,
    });
  });

  it('limits name to 120 and description to 1000 characters', () => {
    expect(validateDataSource({ ...chirpStack, name: 'n'.repeat(120) }).name).toBeUndefined();
    expect(validateDataSource({ ...chirpStack, name: 'n'.repeat(121) }).name).toBe(MESSAGES.nameTooLong);
    expect(validateDataSource({ ...chirpStack, description: 'd'.repeat(1001) }).description).toBe(
      MESSAGES.descriptionTooLong,
    );
  });

  it('checks host and port', () => {
    expect(validateDataSource({ ...chirpStack, ip: '' }).ip).toBe(MESSAGES.required);
    expect(validateDataSource({ ...chirpStack, ip: '300.1.1.1' }).ip).toBe(MESSAGES.host);
    expect(validateDataSource({ ...chirpStack, ip: 'bad host' }).ip).toBe(MESSAGES.host);
    expect(validateDataSource({ ...chirpStack, port: '0' }).port).toBe(MESSAGES.port);
    expect(validateDataSource({ ...chirpStack, port: '65536' }).port).toBe(MESSAGES.port);
    expect(validateDataSource({ ...chirpStack, port: '' }).port).toBe(MESSAGES.required);
  });

  it('keeps user and password under 120 characters', () => {
    expect(validateDataSource({ ...chirpStack, user: 'u'.repeat(119) }).user).toBeUndefined();
    expect(validateDataSource({ ...chirpStack, user: 'u'.repeat(120) }).user).toBe(MESSAGES.userTooLong);
    expect(validateDataSource({ ...chirpStack, password: 'p'.repeat(120) }).password).toBe(
      MESSAGES.passwordTooLong,
    );
  });

  it('needs a region for TTN v3 unless it is a local server, which needs a host and port', () => {
    expect(validateDataSource(ttnV3)).toEqual({});
    expect(validateDataSource({ ...ttnV3, regionId: null }).regionId).toBe(MESSAGES.region);
    const local = { ...ttnV3, regionId: null, localServer: true };
    expect(validateDataSource(local)).toMatchObject({ ip: MESSAGES.required, port: MESSAGES.required });
    expect(validateDataSource({ ...local, ip: 'https://tts.example.com', port: '443' })).toEqual({});
  });

  it('limits the TTN v3 gateway name to 36 and the API key under 120', () => {
    expect(validateDataSource({ ...ttnV3, gatewayName: 'g'.repeat(37) }).gatewayName).toBe(
      MESSAGES.gatewayNameTooLong,
    );
    expect(validateDataSource({ ...ttnV3, gatewayApiKey: 'k'.repeat(120) }).gatewayApiKey).toBe(
      MESSAGES.apiKeyTooLong,
    );
    expect(validateDataSource({ ...ttnV3, gatewayApiKey: '' }).gatewayApiKey).toBe(MESSAGES.required);
    // Editing: a stored key is kept when the field stays empty.
    expect(
      validateDataSource(
        { ...ttnV3, gatewayApiKey: '' },
        { password: false, clientKey: false, gatewayApiKey: true },
      ).gatewayApiKey,
    ).toBeUndefined();
  });

  it('needs user, password and a gateway for TTN v2', () => {
    const ttnV2 = {
      ...EMPTY_FORM,
      typeCode: 'ttn_collector' as const,
      name: 'Old',
      policyId: '1',
      ip: 'ttn.example.com',
    };
    expect(validateDataSource(ttnV2)).toMatchObject({
      user: MESSAGES.required,
      password: MESSAGES.required,
      ttnGateways: MESSAGES.gateways,
    });
    expect(validateDataSource({ ...ttnV2, user: 'me', password: 'pw', ttnGateways: ['gw1'] })).toEqual({});
  });

  it('builds the body with the fields of the type', () => {
    expect(toPayload(chirpStack, 1)).toEqual({
      name: 'Lab',
      description: '',
      data_collector_type_id: 1,
      policy_id: 1,
      ssl: false,
      ip: '10.0.0.5',
      port: '1883',
      user: undefined,
      password: undefined,
    });
    expect(toPayload(ttnV3, 3)).toMatchObject({
      gateway_id: 'gw-one',
      gateway_name: 'Roof',
      gateway_api_key: 'NNSXS.KEY',
      region_id: 1,
      custom_ip: false,
    });
  });
});
