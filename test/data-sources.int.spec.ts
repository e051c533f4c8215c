import mqtt from 'mqtt';
import { io, type Socket } from 'socket.io-client';
import { freePort } from '../bench/support/free-port';
import { startDemoBroker, type DemoBroker } from '@lorawatch/simulator/demo-broker';
import { startApp, type Harness } from './support/app-harness';
import { waitFor } from './support/wait-for';

interface LogEntry {
  type: string;
  parameters: Record<string, unknown>;
  user: { username: string } | null;
}

/** A data source's whole life against a real broker: create, watch, test, edit, disable, enable, delete, read its log. */
describe('data-source lifecycle', () => {
  let harness: Harness;
  let admin: string;
  let broker: DemoBroker;
  let brokerPort: number;
  const auth = () => ({ Authorization: `Bearer ${admin}` });
  const body = (overrides: Record<string, unknown> = {}) => ({
    name: 'Lifecycle',
    description: 'v3 gateway traffic',
    data_collector_type_id: 1,
    policy_id: 1,
    ip: '127.0.0.1',
    port: brokerPort,
    user: 'collector',
    password: 'Pa55word!',
    ...overrides,
  });

  beforeAll(async () => {
    brokerPort = await freePort();
    broker = await startDemoBroker(brokerPort);
    harness = await startApp();
    admin = await harness.adminToken();
  });
  afterAll(async () => {
    await harness.close();
    await broker.close();
  });

  const get = async (id: number) =>
    (await harness.http.get(`/api/v1.0/data_collectors/${id}`).set(auth())).body;
  const log = async (id: number): Promise<LogEntry[]> =>
    (await harness.http.get(`/api/v1.0/data_collectors/${id}/log?page=1&size=50`).set(auth()).expect(200))
      .body;
  const status = (id: number, expected: string) =>
    waitFor(async () => ((await get(id)).status === expected ? true : null), 20_000, `status ${expected}`);

  it('tests a connection before saving: success, refusal, unknown test', async () => {
    const started = await harness.http
      .post('/api/v1.0/data_collectors/test')
      .set(auth())
      .send(body())
      .expect(200);
    expect(started.body).toEqual({ message: 'Testing data collector', id: expect.any(String) });
    const poll = (id: string) =>
      harness.http.get(`/api/v1.0/data_collectors/test?data_collector_id=${id}`).set(auth());
    const success = await waitFor(async () => {
      const answer = await poll(started.body.id).expect(200);
      return answer.body.haveResponse ? answer.body : null;
    });
    expect(success).toMatchObject({
      haveResponse: true,
      data_collector_id: started.body.id,
      type: 'SUCCESS',
    });

    const closed = await freePort();
    const refused = await harness.http
      .post('/api/v1.0/data_collectors/test')
      .set(auth())
      .send(body({ port: closed }))
      .expect(200);
    const failure = await waitFor(async () => {
      const answer = await poll(refused.body.id).expect(200);
      return answer.body.haveResponse ? answer.body : null;
    });
    expect(failure.type).toBe('ERROR');
    expect(failure.message).toContain('Connection refused');

    await poll('6f1c1f4e-8d3a-4d55-9a57-3b8f3c0a1e2b').expect(404);
    await poll('not-a-uuid').expect(400);
    // Nothing was created by testing.
    const list = await harness.http.get('/api/v1.0/data_collectors').set(auth()).expect(200);
    expect(list.body.data_collectors).toEqual([]);
  });

  it('goes through create, live status, edit, disable, enable and delete, and logs each step', async () => {
    const socket: Socket = io(harness.url, { transports: ['websocket'], forceNew: true });
    const pushed: Array<{ id: number; status: string }> = [];
    socket.on('updated_data_collector', (update: { id: number; status: string }) => pushed.push(update));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    await socket.emitWithAck('authorization', { token: admin });
    try {
      const created = await harness.http
        .post('/api/v1.0/data_collectors')
        .set(auth())
        .send(body())
        .expect(200);
      const id = created.body.id as number;
      // Read-your-writes: the answer comes once the read models have the new data source.
      expect((await get(id)).name).toBe('Lifecycle');
      await status(id, 'CONNECTED');
      await waitFor(async () =>
        pushed.some((update) => update.id === id && update.status === 'CONNECTED') ? true : null,
      );

      // The broker goes away and comes back on the same port: the data source follows by itself.
      await broker.close();
      await status(id, 'DISCONNECTED');
      expect((await get(id)).last_error).toEqual(expect.any(String));
      broker = await startDemoBroker(brokerPort);
      await status(id, 'CONNECTED');

      const edited = await harness.http
        .put(`/api/v1.0/data_collectors/${id}`)
        .set(auth())
        .send(body({ name: 'Renamed', password: '', topics: ['gateway/+/event/up'] }))
        .expect(200);
      expect(edited.body).toEqual({ message: 'Data Collector Updated Successfully', id });
      const afterEdit = await get(id);
      expect(afterEdit).toMatchObject({
        name: 'Renamed',
        password_set: true,
        topics: ['gateway/+/event/up'],
      });
      await status(id, 'CONNECTED');

      const disabled = await harness.http
        .patch(`/api/v1.0/data_collectors/${id}`)
        .set(auth())
        .send({ status: 'DISABLED' })
        .expect(200);
      expect(disabled.body).toMatchObject({ id, status: 'DISABLED' });
      const again = await harness.http
        .patch(`/api/v1.0/data_collectors/${id}`)
        .set(auth())
        .send({ status: 'DISABLED' })
        .expect(400);
      expect(again.body).toEqual([{ code: 'FORBIDDEN_STATUS', message: 'Forbidden status' }]);
      const bogus = await harness.http
        .patch(`/api/v1.0/data_collectors/${id}`)
        .set(auth())
        .send({ status: 'PAUSED' })
        .expect(400);
      expect(bogus.body).toEqual([{ code: 'INVALID_STATUS', message: 'Invalid status' }]);
      expect(
        (await harness.http.get('/api/v1.0/data_collectors/count').set(auth()).expect(200)).body,
      ).toEqual({ count: 0 });

      const enabled = await harness.http
        .patch(`/api/v1.0/data_collectors/${id}`)
        .set(auth())
        .send({ status: 'ENABLED' })
        .expect(200);
      expect(['DISCONNECTED', 'CONNECTED']).toContain(enabled.body.status);
      await status(id, 'CONNECTED');
      expect(
        (await harness.http.get('/api/v1.0/data_collectors/count').set(auth()).expect(200)).body,
      ).toEqual({ count: 1 });

      // Malformed traffic is skipped, counted and logged.
      const publisher = await mqtt.connectAsync(`mqtt://127.0.0.1:${brokerPort}`);
      await publisher.publishAsync('gateway/0102030405060708/event/up', Buffer.from('{"phyPayload": 12}'), {
        qos: 1,
      });
      await publisher.endAsync();
      await waitFor(async () =>
        (await log(id)).some((entry) => entry.type === 'FAILED_PARSING') ? true : null,
      );

      await harness.http.delete(`/api/v1.0/data_collectors/${id}`).set(auth()).expect(200);
      await harness.http.get(`/api/v1.0/data_collectors/${id}`).set(auth()).expect(404);
      await harness.http.get(`/api/v1.0/data_collectors/${id}/log`).set(auth()).expect(404);
      const list = await harness.http.get('/api/v1.0/data_collectors').set(auth()).expect(200);
      expect(list.body.data_collectors).toEqual([]);

      const events = harness.app.get<import('@lorawatch/event-store/event-store.port').EventStore>(
        (await import('@lorawatch/event-store/event-store.port')).EVENT_STORE,
      );
      const history = (await events.readStream(`datasource-${id}`)).map((event) => event.type);
      expect(history).toEqual(
        expect.arrayContaining([
          'DataSourceCreated',
          'DataSourceConnected',
          'DataSourceDisconnected',
          'DataSourceUpdated',
          'DataSourceRestarted',
          'DataSourceDisabled',
          'DataSourceEnabled',
          'DataSourceParsingFailed',
          'DataSourceDeleted',
        ]),
      );
    } finally {
      socket.close();
    }
  });

  it('keeps the log with who did what', async () => {
    const created = await harness.http
      .post('/api/v1.0/data_collectors')
      .set(auth())
      .send(body({ name: 'Logged' }))
      .expect(200);
    const id = created.body.id as number;
    await status(id, 'CONNECTED');
    await harness.http
      .patch(`/api/v1.0/data_collectors/${id}`)
      .set(auth())
      .send({ status: 'DISABLED' })
      .expect(200);
    const entries = await waitFor(async () => {
      const found = await log(id);
      return found.length >= 3 ? found : null;
    });
    expect(entries.map((entry) => entry.type)).toEqual(['DISABLED', 'CONNECTED', 'CREATED']);
    expect(entries[2]).toMatchObject({
      parameters: {
        ip: '127.0.0.1',
        port: String(brokerPort),
        user: 'collector',
        ssl: false,
        type: 'chirpstack_collector',
        policy: 1,
      },
      user: { username: 'admin' },
    });
    expect(entries[1].user).toBeNull();
    expect(JSON.stringify(entries)).not.toContain('Pa55word!');
  });

  it('reports recent activity per data source', async () => {
    const created = await harness.http
      .post('/api/v1.0/data_collectors')
      .set(auth())
      .send(body({ name: 'Active' }))
      .expect(200);
    const id = created.body.id as number;
    await status(id, 'CONNECTED');
    const publisher = await mqtt.connectAsync(`mqtt://127.0.0.1:${brokerPort}`);
    const joinRequest = Buffer.from('AAEBAQEBAQEBAgICAgICAgJzTIBGXXg=', 'base64');
    await publisher.publishAsync(
      'gateway/1dee08d0b691d149/event/up',
      Buffer.from(
        JSON.stringify({
          phyPayload: joinRequest.toString('base64'),
          rxInfo: { gatewayID: 'He4I0LaR0Uk=', rssi: -50 },
        }),
      ),
      { qos: 1 },
    );
    await publisher.endAsync();
    const activity = await waitFor(async () => {
      const rows = (await harness.http.get('/api/v1.0/data_collectors/activity').set(auth()).expect(200))
        .body as Array<{
        dataCollectorId: number;
        maxDate: string;
      }>;
      return rows.find((row) => row.dataCollectorId === id) ?? null;
    });
    expect(Date.parse(activity.maxDate)).toBeGreaterThan(Date.now() - 60_000);
    expect((await get(id)).lastMessage).toBe(activity.maxDate);
  });

  it('lists the TTN regions and applies the TTN v2 rules', async () => {
    const regions = await harness.http.get('/api/v1.0/data_collectors/ttn_regions').set(auth()).expect(200);
    expect(regions.body).toContainEqual({ id: 1, region: 'eu1', name: 'Europe 1 (eu1)' });
    const v2 = await harness.http
      .post('/api/v1.0/data_collectors')
      .set(auth())
      .send(body({ data_collector_type_id: 2 }))
      .expect(400);
    expect(v2.body.message).toBe('Select at least one gateway');
  });
});
