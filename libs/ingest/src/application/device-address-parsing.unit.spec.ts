import {
  buildDataDown,
  buildDataUp,
  buildJoinAccept,
  buildJoinRequest,
} from '@lorawatch/lorawan/build-frames';
import { createChirpstackV3Parser } from '../chirpstack-v3/chirpstack-v3-parser';
import { createChirpstackV4Parser } from '../chirpstack-v4/chirpstack-v4-parser';
import type { IngestContext } from '../ingest-outcome';
import { onlyPacket, TEST_CONTEXT } from '../testing/outcomes';

const GATEWAY = '7276ff002e062c18';
const GATEWAY_ID = Buffer.from(GATEWAY, 'hex').toString('base64');
const DEV_EUI = '0202020202020202';
const DEV_ADDR = '00513942';
const KEYS = { nwkSKey: Buffer.alloc(16, 2), appSKey: Buffer.alloc(16, 3) };

function at(seconds: number): IngestContext {
  return {
    ...TEST_CONTEXT,
    receivedAt: new Date(Date.parse(TEST_CONTEXT.receivedAt) + seconds * 1000).toISOString(),
  };
}

function json(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value));
}

const dataUp = (devAddr = DEV_ADDR) =>
  buildDataUp({ ...KEYS, devAddr, fCnt: 3, fPort: 1, payload: Buffer.from('hi') }).toString('base64');

describe('createChirpstackV3Parser with application events', () => {
  it('attributes an uplink data frame to the DevEUI that an application join bound to its DevAddr', () => {
    const parse = createChirpstackV3Parser();
    const v3Up = (phyPayload: string) => json({ phyPayload, rxInfo: { gatewayID: GATEWAY_ID } });

    // Before any application event the DevAddr names no device.
    const before = onlyPacket(parse(`gateway/${GATEWAY}/event/up`, v3Up(dataUp()), at(0)));
    expect(before).toMatchObject({ devAddr: DEV_ADDR, devEui: null, devEuiInferred: false });

    const join = parse(
      `application/123/device/${DEV_EUI}/event/join`,
      json({ devEUI: 'AgICAgICAgI=', devAddr: 'AFE5Qg==', deviceName: 'garden-sensor' }),
      at(1),
    );
    expect(join).toEqual({ kind: 'device', devEui: DEV_EUI, devAddr: DEV_ADDR, deviceName: 'garden-sensor' });

    const after = onlyPacket(parse(`gateway/${GATEWAY}/event/up`, v3Up(dataUp()), at(2)));
    expect(after).toMatchObject({ devAddr: DEV_ADDR, devEui: DEV_EUI, devEuiInferred: true });
    const down = buildDataDown({
      ...KEYS,
      devAddr: DEV_ADDR,
      fCnt: 1,
      fPort: null,
      payload: Buffer.alloc(0),
    });
    const downlink = parse(
      `gateway/${GATEWAY}/command/down`,
      json({ items: [{ phyPayload: down.toString('base64') }], gatewayID: GATEWAY_ID }),
      at(3),
    );
    expect(onlyPacket(downlink)).toMatchObject({ direction: 'down', devEui: DEV_EUI, devEuiInferred: true });
    const stranger = onlyPacket(parse(`gateway/${GATEWAY}/event/up`, v3Up(dataUp('26000001')), at(4)));
    expect(stranger).toMatchObject({ devEui: null, devEuiInferred: false });
  });

  it('learns from a json_v3 up event on the pre-3.11 rx topic too', () => {
    const parse = createChirpstackV3Parser();
    parse(`application/1/device/${DEV_EUI}/rx`, json({ devEUI: DEV_EUI, devAddr: DEV_ADDR }), at(0));
    const frame = parse(
      `gateway/${GATEWAY}/event/up`,
      json({ phyPayload: dataUp(), rxInfo: { gatewayID: GATEWAY_ID } }),
      at(1),
    );
    expect(onlyPacket(frame)).toMatchObject({ devEui: DEV_EUI, devEuiInferred: true });
  });

  it('forgets the old DevAddr when the correlator attributes a later join accept to the device', () => {
    const parse = createChirpstackV3Parser();
    parse(`application/1/device/${DEV_EUI}/event/up`, json({ devEUI: DEV_EUI, devAddr: DEV_ADDR }), at(0));
    const appKey = Buffer.alloc(16, 0x11);
    const request = buildJoinRequest({ appKey, joinEui: '70b3d57ed0000000', devEui: DEV_EUI, devNonce: 9 });
    parse(
      `gateway/${GATEWAY}/event/up`,
      json({ phyPayload: request.toString('base64'), rxInfo: { gatewayID: GATEWAY_ID } }),
      at(60),
    );
    const accept = buildJoinAccept({ appKey, joinNonce: 1, netId: '000013', devAddr: '26012e43' });
    const attributed = parse(
      `gateway/${GATEWAY}/command/down`,
      json({ items: [{ phyPayload: accept.toString('base64') }], gatewayID: GATEWAY_ID }),
      at(65),
    );
    expect(onlyPacket(attributed)).toMatchObject({ mType: 'JoinAccept', devEui: DEV_EUI, devAddr: null });

    const stale = parse(
      `gateway/${GATEWAY}/event/up`,
      json({ phyPayload: dataUp(), rxInfo: { gatewayID: GATEWAY_ID } }),
      at(66),
    );
    expect(onlyPacket(stale)).toMatchObject({ devEui: null, devEuiInferred: false });
  });

  it('keeps a malformed application event malformed, and learns nothing from it', () => {
    const parse = createChirpstackV3Parser();
    expect(parse(`application/1/device/${DEV_EUI}/event/join`, json({ devEUI: DEV_EUI }), at(0))).toEqual({
      kind: 'malformed',
      reason: 'application join event without devAddr',
    });
  });
});

describe('createChirpstackV4Parser with application events', () => {
  it('attributes an uplink data frame after an application up event for its DevAddr', () => {
    const parse = createChirpstackV4Parser();
    const devEui = '0101010101010101';
    const up = parse(
      `application/17c82e96-be03-4f38-aef3-f83d48582d97/device/${devEui}/event/up`,
      json({ deviceInfo: { devEui, deviceName: 'Test device' }, devAddr: '00189440', fCnt: 2 }),
      at(0),
    );
    expect(up).toMatchObject({ kind: 'device', devEui, devAddr: '00189440' });

    const frame = parse(
      `eu868/gateway/0016c001f153a14c/event/up`,
      json({ phyPayload: dataUp('00189440'), rxInfo: { gatewayId: '0016c001f153a14c' } }),
      at(1),
    );
    expect(onlyPacket(frame)).toMatchObject({ devAddr: '00189440', devEui, devEuiInferred: true });
  });
});
