import { ttnV3EventsUrl, ttnV3StreamRequestBody, ttnV3StreamTarget } from './ttn-v3-endpoint';

describe('ttnV3StreamTarget', () => {
  it('builds the events URL of a cluster, a local server with a port, or a prefixed path', () => {
    expect(ttnV3EventsUrl('https://eu1.cloud.thethings.network').href).toBe(
      'https://eu1.cloud.thethings.network/api/v3/events',
    );
    expect(ttnV3EventsUrl('http://192.168.1.10:1885/').href).toBe('http://192.168.1.10:1885/api/v3/events');
    expect(ttnV3EventsUrl('https://lns.example.com/tts?x=1').href).toBe(
      'https://lns.example.com/tts/api/v3/events',
    );
  });

  it('rejects URLs it cannot use', () => {
    expect(() => ttnV3EventsUrl('eu1.cloud.thethings.network')).toThrow(/invalid TTN server URL/);
    expect(() => ttnV3EventsUrl('mqtt://eu1.cloud.thethings.network')).toThrow(/https:\/\/ or http:\/\//);
    expect(() => ttnV3EventsUrl('https://user:secret@host')).toThrow(/must not carry credentials/);
  });

  it('checks gateway IDs and the API key, and drops repeated IDs', () => {
    const target = ttnV3StreamTarget({
      baseUrl: 'https://eu1.cloud.thethings.network',
      gatewayIds: ['eui-b827ebfffe8db887', 'my-gateway', 'my-gateway'],
      apiKey: 'NNSXS.ABC.DEF',
    });
    expect(target.gatewayIds).toEqual(['eui-b827ebfffe8db887', 'my-gateway']);
    const base = { baseUrl: 'https://eu1.cloud.thethings.network', apiKey: 'NNSXS.ABC.DEF' };
    expect(() => ttnV3StreamTarget({ ...base, gatewayIds: [] })).toThrow(/at least one gateway/);
    expect(() => ttnV3StreamTarget({ ...base, gatewayIds: ['B827EBFFFE8DB887 '] })).toThrow(
      /invalid TTS gateway ID/,
    );
    expect(() => ttnV3StreamTarget({ ...base, gatewayIds: ['gw'], apiKey: 'key' })).toThrow(
      /invalid TTS gateway ID/,
    );
    expect(() => ttnV3StreamTarget({ ...base, gatewayIds: ['gw1'], apiKey: '' })).toThrow(/API key is empty/);
    expect(() => ttnV3StreamTarget({ ...base, gatewayIds: ['gw1'], apiKey: 'a\r\nb' })).toThrow(/API key/);
  });

  it('writes the StreamEventsRequest of docs/wire-formats.md §5.3', () => {
    expect(JSON.parse(ttnV3StreamRequestBody(['gw1', 'gw2']))).toEqual({
      identifiers: [{ gateway_ids: { gateway_id: 'gw1' } }, { gateway_ids: { gateway_id: 'gw2' } }],
    });
    expect(JSON.parse(ttnV3StreamRequestBody(['gw1'], '2024-04-27T21:33:11.064452389Z')).after).toBe(
      '2024-04-27T21:33:11.064452389Z',
    );
  });
});
