import type { Packet } from '@lorawatch/domain/packet';
import { ttnHandshake } from '@lorawatch/lorawan/testing/fixtures';
import type { SimGateway, UplinkEvent } from '@lorawatch/simulator/sim-event';
import { startTtnV2Peer, ttnV2FrameFor, type TtnV2Peer } from '@lorawatch/simulator/ttn-v2-peer';
import { RecordingSink, waitFor } from '../testing/recording-sink';
import { TtnV2Collector, type TtnV2CollectorOptions } from './ttn-v2-collector';
import { createTtnV2Parser } from './ttn-v2-parser';

const USER = 'alice';
const PASSWORD = 'correct horse';
const AMS = 'ttn-herengracht-ams';
const ROOF = 'eui-b827ebfffe8db887';
const DATA_UP = 'QPF9vkkAAgABlUN4disR/w0=';
const HANDSHAKE = ttnHandshake();
const JOIN_REQUEST = Buffer.from(HANDSHAKE.join_request.phy_hex, 'hex').toString('base64');
const JOIN_ACCEPT = Buffer.from(HANDSHAKE.join_accept.phy_hex, 'hex').toString('base64');
const ACCOUNTS = {
  [USER]: {
    password: PASSWORD,
    gateways: [
      { id: AMS, description: 'Herengracht' },
      { id: ROOF, description: 'Roof' },
    ],
  },
  bob: { password: 'hunter2', gateways: [{ id: 'bob-gw', description: '' }] },
};

const GATEWAY: SimGateway = {
  eui: 'b827ebfffe8db887',
  latitude: 52.37,
  longitude: 4.89,
  altitude: 10,
  ip: '10.0.0.2',
};
const SIM_UPLINK: UplinkEvent = {
  kind: 'uplink',
  at: new Date('2024-05-01T11:59:59.500Z'),
  gatewayTime: new Date('2024-05-01T11:59:59.400Z'),
  gateway: GATEWAY,
  phyPayload: Buffer.from(DATA_UP, 'base64'),
  tx: { frequency: 868_300_000, spreadingFactor: 9, bandwidth: 125_000, codeRate: '4/5' },
  channel: 1,
  rssi: -97,
  snr: 7.25,
  tmst: 123_456_789,
  uplinkId: Buffer.alloc(16),
  devEui: '0102030405060708',
  attack: null,
};

class LoginRecordingSink extends RecordingSink {
  readonly loginFailures: string[] = [];

  onLoginFailed(message: string): void {
    this.loginFailures.push(message);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('TtnV2Collector against the local TTN v2 peer over HTTP', () => {
  let peer: TtnV2Peer;
  const collectors: TtnV2Collector[] = [];

  beforeEach(async () => {
    peer = await startTtnV2Peer({ accounts: ACCOUNTS });
  });

  afterEach(async () => {
    await Promise.all(collectors.splice(0).map((collector) => collector.stop()));
    await peer.close();
  });

  function startCollector(
    sink: RecordingSink,
    overrides: Partial<TtnV2CollectorOptions> = {},
  ): TtnV2Collector {
    const collector = new TtnV2Collector(
      {
        dataSourceId: 12,
        organizationId: 4,
        baseUrl: peer.url,
        username: USER,
        password: PASSWORD,
        gatewayIds: [AMS, ROOF],
        parse: createTtnV2Parser(),
        reconnectPeriodMs: 50,
        maxReconnectPeriodMs: 200,
        now: () => new Date('2024-05-01T12:00:00.000Z'),
        ...overrides,
      },
      sink,
    );
    collectors.push(collector);
    collector.start();
    return collector;
  }

  async function connected(sink: RecordingSink, streams = 1): Promise<void> {
    await waitFor(() => sink.statusNames().at(-1) === 'CONNECTED', 'CONNECTED');
    await waitFor(() => peer.streamCount() === streams, 'the stream at the peer');
  }

  it('turns streamed frames into packets and gateway updates, in order, with every field', async () => {
    const sink = new RecordingSink();
    const collector = startCollector(sink);
    await connected(sink);

    const uplink = ttnV2FrameFor(SIM_UPLINK);
    if (uplink === undefined) throw new Error('no frame');
    expect(peer.publish(uplink)).toBe(1);
    peer.publish({ type: 'gateway join request', gateway_id: AMS, payload: JOIN_REQUEST, rssi: -110 });
    peer.publish({ type: 'gateway join accept', gateway_id: AMS, payload: JOIN_ACCEPT, frequency: 868.1 });
    peer.publish({
      type: 'gateway status',
      gateway_id: ROOF,
      latitude: 52.37,
      longitude: 4.89,
      altitude: 10,
    });
    peer.publish({ type: 'gateway uplink', gateway_id: AMS, payload: 'AAEC' });
    // Another account's gateway: not this stream's.
    expect(peer.publish({ type: 'gateway uplink', gateway_id: 'bob-gw', payload: DATA_UP })).toBe(0);
    peer.writeRaw('{"type": "gateway upl');
    peer.writeRaw('ink", broken\n\n');
    await waitFor(() => collector.counters().received === 6, 'six frames');

    expect(sink.packets.map((packet) => [packet.topic, packet.mType, packet.devEui])).toEqual([
      ['gateway uplink', 'UnconfirmedDataUp', null],
      ['gateway join request', 'JoinRequest', '00afee7cf5ed6f1e'],
      ['gateway join accept', 'JoinAccept', '00afee7cf5ed6f1e'],
    ]);
    expect(sink.packets[0]).toEqual<Packet>({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      organizationId: 4,
      dataSourceId: 12,
      source: 'ttn_collector',
      date: '2024-05-01T11:59:59.400Z',
      dateFrom: 'gateway',
      receivedAt: '2024-05-01T12:00:00.000Z',
      topic: 'gateway uplink',
      direction: 'up',
      data: DATA_UP,
      size: 17,
      mType: 'UnconfirmedDataUp',
      major: 0,
      gateway: 'b827ebfffe8db887',
      devEui: null,
      joinEui: null,
      devNonce: null,
      devAddr: '49be7df1',
      fCount: 2,
      fPort: 1,
      mic: '2b11ff0d',
      devEuiInferred: false,
      rssi: -97,
      lsnr: 7.25,
      frequency: 868_300_000,
      spreadingFactor: 9,
      bandwidth: 125_000,
      codeRate: '4/5',
      tmst: 123_456_789,
      crcOk: null,
      latitude: null,
      longitude: null,
      altitude: null,
    });
    expect(sink.packets[2]).toMatchObject({
      direction: 'down',
      devEuiInferred: true,
      frequency: 868_100_000,
    });
    expect(sink.gateways).toEqual([
      { gateway: 'b827ebfffe8db887', location: { latitude: 52.37, longitude: 4.89, altitude: 10 } },
    ]);
    expect(sink.malformed).toEqual([
      { reason: expect.stringMatching(/^PHYPayload does not decode/), topic: 'gateway uplink' },
      { reason: expect.stringMatching(/^invalid JSON/), topic: '/api/v2/gateways/traffic' },
    ]);
    expect(collector.counters()).toEqual({
      received: 6,
      packets: 3,
      malformed: 2,
      lastMessageAt: '2024-05-01T12:00:00.000Z',
    });
    expect(sink.statusNames()).toEqual(['CONNECTED']);
  });

  it('holds the stream while the sink is busy (back-pressure) and delivers in order after', async () => {
    const sink = new RecordingSink();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    sink.deliver = async () => {
      calls += 1;
      if (calls === 1) await held;
    };
    const collector = startCollector(sink);
    await connected(sink);
    for (let tmst = 1; tmst <= 3; tmst += 1) {
      peer.publish({ type: 'gateway uplink', gateway_id: AMS, payload: DATA_UP, timestamp: tmst });
    }
    await waitFor(() => calls === 1, 'the first delivery');
    await sleep(100);
    expect(calls).toBe(1);
    expect(sink.packets).toHaveLength(0);
    release();
    await waitFor(() => sink.packets.length === 3, 'all three packets');
    expect(sink.packets.map((packet) => packet.tmst)).toEqual([1, 2, 3]);
    expect(collector.counters().packets).toBe(3);
  });

  it('reports a wrong password once through onLoginFailed, goes DISCONNECTED and keeps retrying', async () => {
    const sink = new LoginRecordingSink();
    startCollector(sink, { password: 'wrong', maxReconnectPeriodMs: 50 });
    await waitFor(() => peer.loginCount() >= 3, 'three login attempts');
    expect(sink.loginFailures).toEqual(['login failed: HTTP 401 Unauthorized: invalid username or password']);
    expect(sink.statuses).toEqual([
      { status: 'DISCONNECTED', error: 'login failed: HTTP 401 Unauthorized: invalid username or password' },
    ]);
    expect(peer.streamCount()).toBe(0);
  });

  it('calls a gateway of another account a login failure (403)', async () => {
    const sink = new LoginRecordingSink();
    startCollector(sink, { gatewayIds: [AMS, 'bob-gw'] });
    await waitFor(() => sink.loginFailures.length === 1, 'the login failure');
    expect(sink.loginFailures[0]).toBe(
      'login failed: HTTP 403 Forbidden: gateway bob-gw is not a gateway of alice',
    );
    expect(sink.statusNames()).toEqual(['DISCONNECTED']);
  });

  it('refuses bad settings at construction', () => {
    const sink = new RecordingSink();
    expect(() => startCollector(sink, { gatewayIds: [] })).toThrow('at least one gateway ID');
    expect(() => startCollector(sink, { gatewayIds: ['Bad ID'] })).toThrow('invalid TTN v2 gateway ID');
    expect(() => startCollector(sink, { baseUrl: 'nowhere' })).toThrow('invalid TTN v2 server URL');
  });

  it('reconnects, logging in again, after the peer restarts on the same port', async () => {
    const sink = new RecordingSink();
    startCollector(sink);
    await connected(sink);
    const port = peer.port;
    await peer.close();
    await waitFor(() => sink.statusNames().at(-1) === 'DISCONNECTED', 'DISCONNECTED');
    await sleep(150);
    peer = await startTtnV2Peer({ port, accounts: ACCOUNTS });
    await connected(sink);
    expect(peer.loginCount()).toBe(1);
    peer.publish({ type: 'gateway uplink', gateway_id: ROOF, payload: DATA_UP });
    await waitFor(() => sink.packets.length === 1, 'a packet after the restart');
    expect(sink.statusNames()).toEqual(['CONNECTED', 'DISCONNECTED', 'CONNECTED']);
  });

  it('reconnects when the server ends the stream', async () => {
    const sink = new RecordingSink();
    startCollector(sink);
    await connected(sink);
    peer.endStreams();
    await waitFor(() => sink.statusNames().length === 3, 'DISCONNECTED then CONNECTED');
    expect(sink.statuses[1]).toEqual({
      status: 'DISCONNECTED',
      error: 'the server ended the traffic stream',
    });
    await waitFor(() => peer.streamCount() === 1, 'the new stream');
  });

  it('stops cleanly: the stream closes, DISCONNECTED once, no more logins', async () => {
    const sink = new RecordingSink();
    const collector = startCollector(sink);
    await connected(sink);
    await collector.stop();
    await waitFor(() => peer.streamCount() === 0, 'the stream closed at the peer');
    const logins = peer.loginCount();
    await sleep(300);
    expect(peer.loginCount()).toBe(logins);
    expect(sink.statusNames()).toEqual(['CONNECTED', 'DISCONNECTED']);
    await collector.stop();
    expect(() => collector.start()).toThrow('collector stopped');
  });
});
