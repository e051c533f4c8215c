import { detectorCheckpoint } from '@lorawatch/detection/detection-runner';
import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { defaultPolicyItems } from '@lorawatch/domain/policy';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { parseChirpstackV3Message } from '@lorawatch/ingest/chirpstack-v3/parse-chirpstack-v3-message';
import { PACKET_LOG, type PacketLog } from '@lorawatch/packet-log/packet-log.port';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { startDemoBroker, type DemoBroker } from '@lorawatch/simulator/demo-broker';
import { NetworkSimulator } from '@lorawatch/simulator/network-simulator';
import { startApp, type Harness } from '../../../test/support/app-harness';
import { callerTokens, type CallerTokens } from '../../../test/support/callers';
import { waitFor } from '../../../test/support/wait-for';
import type { WhatIfJobJson } from './what-if.service';

const PATH = '/api/v1.0/what_if';
const HOUR = 3_600_000;
// Six hours ago, on the hour: the packets are dated in the past, as stored traffic is.
const T0 = Math.floor(Date.now() / HOUR) * HOUR - 6 * HOUR;
const at = (ms: number) => new Date(ms).toISOString();

/** Real frames of a simulated ChirpStack v3 network, as the collector of the data source stores them. */
function networkPackets(dataSourceId: number, seed: number, devices: number, startMs: number, endMs: number) {
  const simulator = new NetworkSimulator({ devices, gateways: 1, seed, startTime: new Date(startMs) });
  const packets: Packet[] = [];
  while (simulator.now.getTime() < endMs) {
    for (const message of simulator.next()) {
      if (message.retain) continue;
      const outcome = parseChirpstackV3Message(message.topic, message.payload, {
        dataSourceId,
        organizationId: 1,
        receivedAt: message.at.toISOString(),
      });
      if (outcome.kind === 'packets') packets.push(...outcome.packets);
    }
  }
  return packets.filter((packet) => Date.parse(packet.date) < endMs);
}

describe('what_if over HTTP (administrators)', () => {
  let broker: DemoBroker;
  let harness: Harness;
  let tokens: CallerTokens;
  let dataSourceId: number;
  const range = { from: at(T0 + 2 * HOUR), to: at(T0 + 3 * HOUR) };
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const withoutNewDevices = () =>
    defaultPolicyItems().map((item) => ({
      ...item,
      enabled: item.alertTypeCode !== 'LAF-400' && item.enabled,
    }));

  beforeAll(async () => {
    broker = await startDemoBroker(0);
    harness = await startApp({ DETECTOR_TICK_SECONDS: '0' });
    tokens = await callerTokens(harness);
    const created = await harness.http
      .post('/api/v1.0/data_collectors')
      .set(auth(tokens.admin))
      .send({
        name: 'Field network',
        data_collector_type_id: 1,
        policy_id: 1,
        ip: '127.0.0.1',
        port: broker.port,
      })
      .expect(200);
    dataSourceId = created.body.id as number;
    // Given a network heard for four hours, four new devices joining it in the third hour, all detected live
    const heard = [
      ...networkPackets(dataSourceId, 5, 5, T0, T0 + 4 * HOUR),
      ...networkPackets(dataSourceId, 9, 4, T0 + 2 * HOUR, T0 + 4 * HOUR),
    ].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
    const log = harness.app.get<PacketLog>(PACKET_LOG);
    for (let index = 0; index < heard.length; index += 500) await log.append(heard.slice(index, index + 500));
    const store = harness.app.get<ReadStore>(READ_STORE);
    const ends = await log.endOffsets();
    await waitFor(
      async () => {
        const done = await Promise.all(
          ends.map(async (end, partition) => (await store.checkpoint(detectorCheckpoint(partition))) >= end),
        );
        return done.every(Boolean) ? true : null;
      },
      60_000,
      'the live detectors to detect the stored packets',
    );
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
    await broker?.close();
  });

  const start = (body: object, token = tokens.admin) => harness.http.post(PATH).set(auth(token)).send(body);
  const job = async (id: string) =>
    (await harness.http.get(`${PATH}/${id}`).set(auth(tokens.admin)).expect(200)).body as WhatIfJobJson;
  const finished = (id: string) =>
    waitFor(
      async () => {
        const answer = await job(id);
        return answer.status === 'running' ? null : answer;
      },
      90_000,
      'the what-if run to end',
    );

  it('answers 202 with an id, then the run: the new-device alerts gone with LAF-400 off, nothing appended', async () => {
    const events = harness.app.get<EventStore>(EVENT_STORE);
    const newDevices = (await events.readAll())
      .filter((event) => event.type === 'AlertRaised')
      .map((event) => event.data as AlertDraft)
      .filter(
        (alert) => alert.code === 'LAF-400' && alert.createdAt >= range.from && alert.createdAt <= range.to,
      );
    expect(newDevices.length).toBeGreaterThanOrEqual(4);
    const head = await events.headPosition();

    // When the default policy without LAF-400 is tried on the third hour
    const response = await start({ policy: { items: withoutNewDevices() }, ...range }).expect(202);
    const { id } = response.body as { id: string };
    expect(id).toEqual(expect.any(String));
    const answer = await finished(id);

    // Then its new-device alerts are gone, nothing else changed, and nothing was recorded
    expect(answer.status).toBe('done');
    expect(answer.progress.packets_total).toBeGreaterThan(0);
    expect(answer.progress.packets_read).toBe(answer.progress.packets_total);
    const result = answer.result!;
    expect(result.from).toBe(range.from);
    expect(result.added).toEqual([]);
    expect(result.gone.map((alert) => alert.id).sort()).toEqual(newDevices.map((alert) => alert.id).sort());
    expect(result.by_code.filter((entry) => entry.code !== 'LAF-400' && (entry.added || entry.gone))).toEqual(
      [],
    );
    expect(result.unchanged).toBeGreaterThan(0);
    // (the app records its own events meanwhile: the data source's status, the tracker's decisions)
    const since = await events.readAll({ after: head });
    expect(since.filter((event) => event.type === 'AlertRaised' || event.type.startsWith('Asset'))).toEqual(
      [],
    );

    // And the policy in force (by id, on the one data source) changes nothing
    const same = await start({ policy_id: 1, data_collector_id: dataSourceId, ...range }).expect(202);
    const unchanged = await finished((same.body as { id: string }).id);
    expect(unchanged.result).toMatchObject({ added: [], gone: [] });
    expect(unchanged.result!.unchanged).toBe(result.unchanged + newDevices.length);
  }, 180_000);

  it('gives a second identical request the running run, and cancels it', async () => {
    const body = { policy_id: 1, from: at(T0), to: at(T0 + 4 * HOUR) };
    const first = (await start(body).expect(202)).body as { id: string };
    const second = (await start(body).expect(202)).body as { id: string };
    expect(second.id).toBe(first.id);
    await harness.http.delete(`${PATH}/${first.id}`).set(auth(tokens.admin)).expect(204);
    expect((await job(first.id)).status).toBe('cancelled');
    // A new request after the cancel is a new run
    const third = (await start(body).expect(202)).body as { id: string };
    expect(third.id).not.toBe(first.id);
    expect((await finished(third.id)).status).toBe('done');
  }, 180_000);

  it('refuses bodies that cannot run with a clear 400', async () => {
    const cases: Array<[object, RegExp]> = [
      [{ ...range }, /either policy_id or policy/],
      [{ policy_id: 1, policy: { items: [] }, ...range }, /either policy_id or policy/],
      [{ policy_id: 1, from: range.to, to: range.from }, /from must be before to/],
      [{ policy_id: 1, from: 'yesterday', to: range.to }, /from must be an ISO 8601/],
      [{ policy_id: 1, from: range.from }, /to must be an ISO 8601/],
      [{ policy_id: 'one', ...range }, /policy_id must be an integer/],
      [{ policy: { items: 'all' }, ...range }, /policy.items must be a list/],
      [
        { policy: { items: [{ alertTypeCode: 'LAF-999', enabled: true, parameters: {} }] }, ...range },
        /LAF-999/,
      ],
      [{ policy_id: 1, data_collector_id: -2, ...range }, /data_collector_id must be 1 or more/],
      [{ policy_id: 1, extra: true, ...range }, /extra should not exist/],
    ];
    for (const [body, reason] of cases) {
      const response = await start(body).expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, message: expect.stringMatching(reason) });
    }
  });

  it('is for administrators of the organisation: 401, 403, and 404 for what is not theirs', async () => {
    await harness.http
      .post(PATH)
      .send({ policy_id: 1, ...range })
      .expect(401);
    await start({ policy_id: 1, ...range }, tokens.user).expect(403);
    const mine = (await start({ policy_id: 1, ...range }).expect(202)).body as { id: string };
    await harness.http.get(`${PATH}/${mine.id}`).set(auth(tokens.user)).expect(403);
    await harness.http.get(`${PATH}/${mine.id}`).set(auth(tokens['other admin'])).expect(404);
    await harness.http.delete(`${PATH}/${mine.id}`).set(auth(tokens['other admin'])).expect(404);
    await start({ policy_id: 1, data_collector_id: dataSourceId, ...range }, tokens['other admin']).expect(
      404,
    );
    await start({ policy_id: 987, ...range }).expect(404);
    await harness.http.get(`${PATH}/no-such-run`).set(auth(tokens.admin)).expect(404);
    await harness.http.delete(`${PATH}/no-such-run`).set(auth(tokens.admin)).expect(404);
    await finished(mine.id);
  }, 120_000);

  it('is documented in the OpenAPI document', async () => {
    const document = (await harness.http.get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(document.paths[PATH]?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['202', '400', '403']),
    );
    expect(JSON.stringify(document.paths[`${PATH}/{id}`]?.get?.responses['200'])).toContain('unchanged');
    expect(Object.keys(document.paths[`${PATH}/{id}`]?.delete?.responses ?? {})).toContain('204');
  });
});
