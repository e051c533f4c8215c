import { NetworkSimulator } from '@lorawatch/simulator/network-simulator';
import { ttnV3GatewayId } from '@lorawatch/simulator/ttn-v3-events';
import { startTtnV3Peer, type TtnV3Peer } from '@lorawatch/simulator/ttn-v3-peer';
import { startApp, type Harness } from './support/app-harness';
import { waitFor } from './support/wait-for';

const API_KEY = 'NNSXS.LOCALTESTKEY';

/** A TTN v3 (The Things Stack) data source on a local Events-stream server: traffic, attacks, bad keys. */
describe('TTN v3 data source', () => {
  let harness: Harness;
  let admin: string;
  let peer: TtnV3Peer;
  let simulator: NetworkSimulator;
  const auth = () => ({ Authorization: `Bearer ${admin}` });

  beforeAll(async () => {
    simulator = new NetworkSimulator({
      devices: 4,
      gateways: 2,
      seed: 11,
      format: 'ttn-v3',
      attacks: ['join-replay'],
      attackIntervalSeconds: 60,
    });
    const gatewayIds = simulator.gatewayList().map((gateway) => ttnV3GatewayId(gateway));
    peer = await startTtnV3Peer({ apiKeys: { [API_KEY]: gatewayIds } });
    harness = await startApp();
    admin = await harness.adminToken();
  });
  afterAll(async () => {
    await harness.close();
    await peer.close();
  });

  const body = (overrides: Record<string, unknown> = {}) => ({
    name: 'Things Stack',
    description: '',
    data_collector_type_id: 3,
    policy_id: 1,
    custom_ip: true,
    ip: '127.0.0.1',
    port: peer.port,
    gateway_id: simulator
      .gatewayList()
      .map((gateway) => ttnV3GatewayId(gateway))
      .join(','),
    gateway_name: 'north,south',
    gateway_api_key: API_KEY,
    ...overrides,
  });

  it('validates the TTN v3 rules', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ custom_ip: false, region_id: 9 }, 'Invalid region_id'],
      [{ gateway_api_key: undefined }, 'Missing gateway_api_key'],
      [{ gateway_id: undefined }, 'Missing gateway_id'],
      [{ gateway_name: 'only-one' }, 'gateway_name must name each gateway of gateway_id'],
      [{ gateway_name: `${'x'.repeat(37)},south` }, 'Gateway name field too long. Max is 36 characters.'],
    ];
    for (const [overrides, message] of cases) {
      const response = await harness.http
        .post('/api/v1.0/data_collectors')
        .set(auth())
        .send(body(overrides))
        .expect(400);
      expect(response.body.message).toBe(message);
    }
  });

  it('tests the connection: success, and a refused key', async () => {
    const poll = async (id: string) =>
      waitFor(async () => {
        const answer = await harness.http
          .get(`/api/v1.0/data_collectors/test?data_collector_id=${id}`)
          .set(auth())
          .expect(200);
        return answer.body.haveResponse ? answer.body : null;
      });
    const good = await harness.http
      .post('/api/v1.0/data_collectors/test')
      .set(auth())
      .send(body())
      .expect(200);
    expect((await poll(good.body.id)).type).toBe('SUCCESS');
    const bad = await harness.http
      .post('/api/v1.0/data_collectors/test')
      .set(auth())
      .send(body({ gateway_api_key: 'NNSXS.WRONG' }))
      .expect(200);
    expect((await poll(bad.body.id)).type).toBe('LOGIN_FAILED');
  });

  it('ingests the stream and raises the join replay', async () => {
    const created = await harness.http.post('/api/v1.0/data_collectors').set(auth()).send(body()).expect(200);
    const id = created.body.id as number;
    await waitFor(async () => {
      const source = await harness.http.get(`/api/v1.0/data_collectors/${id}`).set(auth());
      return source.body.status === 'CONNECTED' ? true : null;
    });
    expect((await harness.http.get(`/api/v1.0/data_collectors/${id}`).set(auth())).body).toMatchObject({
      type: { type: 'ttn_v3_collector' },
      gateway_api_key_set: true,
      gateways_list: [
        expect.objectContaining({ gateway_name: 'north' }),
        expect.objectContaining({ gateway_name: 'south' }),
      ],
    });
    let replayed = false;
    for (let step = 0; step < 2000 && !replayed; step++) {
      for (const message of simulator.next()) {
        peer.publish(JSON.parse(message.payload.toString()) as Record<string, unknown>);
        replayed ||= message.attack === 'join-replay';
      }
      // Let the stream keep up, as a live server would pace it.
      if (step % 20 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(replayed).toBe(true);
    const alerts = await waitFor(async () => {
      const list = await harness.http
        .get('/api/v1.0/alerts?type[]=LAF-003&include_parameters=true')
        .set(auth())
        .expect(200);
      return list.body.length > 0 ? list.body : null;
    }, 20_000);
    expect(alerts[0]).toMatchObject({ data_collector_id: id, parameters: { dev_eui: expect.any(String) } });
  });

  it('logs a failed login and shows the data source disconnected', async () => {
    const created = await harness.http
      .post('/api/v1.0/data_collectors')
      .set(auth())
      .send(body({ name: 'Bad key', gateway_api_key: 'NNSXS.REVOKED' }))
      .expect(200);
    const id = created.body.id as number;
    const entries = await waitFor(async () => {
      const log = await harness.http.get(`/api/v1.0/data_collectors/${id}/log`).set(auth()).expect(200);
      return (log.body as Array<{ type: string }>).some((entry) => entry.type === 'FAILED_LOGIN')
        ? log.body
        : null;
    }, 15_000);
    expect(
      entries.find((entry: { type: string }) => entry.type === 'FAILED_LOGIN').parameters.message,
    ).toEqual(expect.any(String));
    expect((await harness.http.get(`/api/v1.0/data_collectors/${id}`).set(auth())).body.status).toBe(
      'DISCONNECTED',
    );
  });
});
