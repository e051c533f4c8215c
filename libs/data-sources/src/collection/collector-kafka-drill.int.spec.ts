import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { Kafka, logLevel } from 'kafkajs';
import mqtt, { type MqttClient } from 'mqtt';
import { packetKey } from '@lorawatch/domain/packet';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import type { EventStore } from '@lorawatch/event-store/event-store.port';
import { parseChirpstackV3Message } from '@lorawatch/ingest/chirpstack-v3/parse-chirpstack-v3-message';
import { Metrics } from '@lorawatch/ops/metrics';
import { KafkaPacketLog } from '@lorawatch/packet-log/kafka/kafka-packet-log';
import { parseBrokers } from '@lorawatch/packet-log/kafka/kafka-topic';
import { kafkaUnderTest } from '@lorawatch/packet-log/kafka/testing/kafka-under-test';
import type { PacketLog } from '@lorawatch/packet-log/packet-log.port';
import {
  cuttable,
  doubledIds,
  packetPlaces,
  waitForPackets,
  waitForRecords,
} from '@lorawatch/packet-log/testing/log-drills';
import { envelope } from '@lorawatch/platform/aggregate';
import { SecretBox } from '@lorawatch/platform/secret-box';
import { type DemoBroker, startDemoBroker } from '@lorawatch/simulator/demo-broker';
import type { SimMessage } from '@lorawatch/simulator/sim-event';
import { createTempSqliteFile, type TempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { simulatedTraffic } from '../../../../test/support/pipeline-traffic';
import { waitFor } from '../../../../test/support/wait-for';
import { dataSourceStream } from '../domain/data-source.events';
import { DataSourceEventTypes, type DataSourceCreated } from '../domain/data-source.events';
import { CollectorSupervisor } from './collector-supervisor';
import { collectorLeaseStream } from './lease/collector-lease.events';
import { LeaseKeeper } from './lease/lease-keeper';

/**
 * Failure drills of the collectors on a real Kafka (KAFKA_BROKERS, else the broker of scripts/kafka-broker.sh, else
 * Docker), with a real MQTT broker and the embedded event store: the packets of a ChirpStack v3 data source reach
 * the log exactly once through a collector restart and through a lease taken over from a collector that died.
 * A message is acknowledged to the MQTT broker only once its packets are stored, so the broker delivers again what
 * a collector had not acknowledged; the deterministic packet ids let the log drop what it already has, which on
 * Kafka means the new connection first reads back what the partitions hold (its de-duplication index is empty).
 */
const { skipReason } = kafkaUnderTest;
const describeOrSkip = skipReason ? describe.skip : describe;
if (skipReason) process.stdout.write(`skipped: collector Kafka drills: ${skipReason}\n`);
if (!skipReason) jest.setTimeout(120_000);
afterAll(() => kafkaUnderTest.stop());

const DATA_SOURCE = 1;
const UPLINKS = 'gateway/+/event/up';
const PARTITIONS = 2;

/** The packets a collector of the data source makes of these messages: id and partition key. */
function packetsOf(messages: SimMessage[]): Array<{ id: string; key: string }> {
  return messages.flatMap((message) => {
    const outcome = parseChirpstackV3Message(message.topic, message.payload, {
      dataSourceId: DATA_SOURCE,
      organizationId: 1,
      receivedAt: '2026-11-28T00:00:00.000Z',
    });
    return outcome.kind === 'packets'
      ? outcome.packets.map((packet) => ({ id: packet.id, key: packetKey(packet) }))
      : [];
  });
}

/**
 * A TCP relay in front of the MQTT broker: `sever()` drops every connection without an MQTT DISCONNECT and refuses
 * new ones (a collector process that died: the broker only sees its socket close), `mend()` lets connections in again.
 */
class Relay {
  private readonly sockets = new Set<Socket>();
  private severed = false;
  private server: Server | null = null;
  port = 0;

  async start(target: number): Promise<void> {
    this.server = createServer((client) => {
      if (this.severed) return void client.destroy();
      const upstream = connect(target, '127.0.0.1');
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  sever(): void {
    this.severed = true;
    for (const socket of this.sockets) socket.destroy();
  }

  mend(): void {
    this.severed = false;
  }

  async close(): Promise<void> {
    this.sever();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

describeOrSkip(`Kafka drills of the collectors${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let kafka: Kafka;
  let broker: DemoBroker;
  let relay: Relay;
  let publisher: MqttClient;
  let eventsFile: TempSqliteFile;
  let events: SqliteEventStore;
  let topic: string;
  let groupPrefix: string;
  const secrets = new SecretBox(randomBytes(32));
  const logs: KafkaPacketLog[] = [];
  const supervisors: CollectorSupervisor[] = [];
  /** The CONNECTED reports of every collector: a collector reports it once its subscription is granted. */
  let connected = 0;

  const openLog = async (): Promise<KafkaPacketLog> => {
    const log = await KafkaPacketLog.open({
      kafka,
      topic,
      partitions: PARTITIONS,
      groupPrefix,
      pollIntervalMs: 50,
      readTimeoutMs: 10_000,
      onError: () => undefined,
      onRejected: () => undefined,
    });
    logs.push(log);
    return log;
  };

  const supervisor = (
    eventStore: EventStore,
    log: PacketLog,
    metrics: Metrics,
    leases: LeaseKeeper | null,
  ): CollectorSupervisor => {
    const created = new CollectorSupervisor(
      eventStore,
      log,
      {
        execute: async (command) => {
          if (command.report.kind === 'CONNECTED') connected += 1;
        },
      },
      secrets,
      metrics,
      leases,
      null,
      0,
    );
    supervisors.push(created);
    return created;
  };

  /** Publishes in order; with `pauseEvery`, a 30 ms pause after that many messages (a steady load). */
  async function publish(messages: SimMessage[], pauseEvery = 0): Promise<void> {
    for (const [index, message] of messages.entries()) {
      await publisher.publishAsync(message.topic, message.payload, { qos: 1 });
      if (pauseEvery > 0 && index % pauseEvery === pauseEvery - 1)
        await new Promise((resolve) => setTimeout(resolve, 30));
    }
  }

  beforeAll(async () => {
    kafka = new Kafka({
      clientId: 'lorawatch-collector-drill',
      brokers: parseBrokers(await kafkaUnderTest.url()),
      logLevel: logLevel.NOTHING,
    });
    broker = await startDemoBroker(0);
    relay = new Relay();
    await relay.start(broker.port);
    publisher = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, { clientId: 'drill-publisher' });
  });

  afterAll(async () => {
    await publisher?.endAsync(true);
    await relay?.close();
    await broker?.close();
  });

  beforeEach(async () => {
    const run = randomUUID().slice(0, 8);
    connected = 0;
    topic = `packets-collector-drill-${run}`;
    groupPrefix = `collector-drill-${run}-`;
    eventsFile = createTempSqliteFile('collector-kafka-drill');
    events = SqliteEventStore.open(eventsFile.file, { pollIntervalMs: 20 });
    const created: DataSourceCreated = {
      dataSourceId: DATA_SOURCE,
      organizationId: 1,
      name: `Drill ${run}`,
      description: '',
      typeId: 1,
      type: 'chirpstack_collector',
      host: '127.0.0.1',
      port: relay.port,
      username: null,
      passwordSealed: null,
      ssl: false,
      caCert: null,
      clientCert: null,
      clientKeySealed: null,
      topics: [UPLINKS],
      policyId: 1,
    };
    await events.append(
      dataSourceStream(DATA_SOURCE),
      [
        envelope(
          DataSourceEventTypes.Created,
          created,
          { organizationId: 1, actor: '1' },
          new Date().toISOString(),
        ),
      ],
      'no_stream',
    );
  });

  afterEach(async () => {
    await Promise.all(supervisors.splice(0).map((running) => running.stop().catch(() => undefined)));
    await Promise.all(logs.splice(0).map((log) => log.close()));
    const admin = kafka.admin();
    await admin.connect();
    try {
      await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    } finally {
      await admin.disconnect();
    }
    relay.mend();
    await events.close();
    eventsFile.remove();
  });

  /** Uplink messages of a simulated network (30 devices, 3 gateways), none retained. */
  const uplinks = (count: number, seed: number): SimMessage[] =>
    simulatedTraffic(count * 2, seed)
      .filter((message) => message.topic.endsWith('/event/up') && message.topic.startsWith('gateway/'))
      .slice(0, count);

  it('a collector restarted with over 2,000 records per partition catches up, appends, and loses or doubles nothing', async () => {
    const traffic = uplinks(4_800, 23);
    const [before, whileDown] = [traffic.slice(0, 4_600), traffic.slice(4_600)];
    const expected = new Set(packetsOf(traffic).map((packet) => packet.id));

    // The first collector stores the first 4,600 messages: well over 2,000 records in each partition.
    const first = supervisor(events, await openLog(), new Metrics(), null);
    await first.start();
    await waitFor(async () => (connected === 1 ? true : null), 10_000, 'the first collector to subscribe');
    await publish(before);
    const storedBefore = new Set(packetsOf(before).map((packet) => packet.id));
    const reader = await openLog();
    await waitForRecords(reader, storedBefore.size, {
      timeoutMs: 60_000,
      what: 'the first collector to store its packets',
    });
    await first.stop();
    const ends = await reader.endOffsets();
    expect(ends.every((end) => end >= 2_000)).toBe(true);

    // While no collector runs, the broker keeps the session's messages: new ones, and 300 stored ones delivered
    // again (the same topic and payload: a redelivery of what a collector had stored but not acknowledged).
    await publish([...whileDown, ...before.slice(-300)]);

    // The restarted collector has a new connection: its first append reads both partitions back first.
    const metrics = new Metrics();
    const restartedAt = Date.now();
    const second = supervisor(events, await openLog(), metrics, null);
    await second.start();
    await waitFor(
      async () =>
        ((await metrics.packetsAppended.get()).values[0]?.value ?? 0) >=
        packetsOf([...whileDown, ...before.slice(-300)]).length
          ? true
          : null,
      60_000,
      'the restarted collector to store every message delivered to it',
    );
    const caughtUpMs = Date.now() - restartedAt;

    const stored = await packetPlaces(reader);
    expect(doubledIds(stored)).toEqual([]);
    expect(new Set(stored.keys())).toEqual(expected);
    // Well within one read's timeout (10 s here): no read of the catch-up fetched the same batch until it gave up.
    expect(caughtUpMs).toBeLessThan(20_000);
    process.stdout.write(
      `Collector restart drill: ${ends.join(' + ')} records before the restart, ${expected.size} packets in all, restarted collector caught up and stored in ${caughtUpMs} ms\n`,
    );
  });

  it('a lease taken over from a collector that died: the survivor collects, nothing lost or doubled', async () => {
    const TTL_MS = 3_000;
    const traffic = uplinks(1_500, 29);
    const expected = new Set(packetsOf(traffic).map((packet) => packet.id));

    const collectorProcess = (holder: string, log: PacketLog) => {
      const eventStore = cuttable<EventStore>(events, ['append', 'readStream']);
      const packets = cuttable<PacketLog>(log, ['append']);
      const keeper = new LeaseKeeper(eventStore, { holder, ttlMs: TTL_MS, onError: () => undefined });
      const metrics = new Metrics();
      const running = supervisor(eventStore, packets, metrics, keeper);
      return { holder, eventStore, packets, metrics, supervisor: running };
    };
    const a = collectorProcess('collector-a', await openLog());
    const b = collectorProcess('collector-b', await openLog());
    const reader = await openLog();
    await a.supervisor.start();
    await waitFor(async () => (connected === 1 ? true : null), 10_000, 'a to subscribe');
    await b.supervisor.start();
    expect(b.supervisor.collecting()).toEqual([]);

    // Load throughout (some 300 messages a second) while A collects, dies, and B takes over.
    const publishing = publish(traffic, 10);
    await waitFor(
      async () => (((await a.metrics.packetsAppended.get()).values[0]?.value ?? 0) >= 300 ? true : null),
      30_000,
      'a to store some packets',
    );
    // A dies: its socket to the MQTT broker drops, it renews no lease and writes nothing more.
    const diedAt = Date.now();
    a.eventStore.cut = true;
    a.packets.cut = true;
    relay.sever();
    await waitFor(
      async () => (b.supervisor.collecting().length === 1 ? true : null),
      30_000,
      'b to take over',
    );
    const tookOverMs = Date.now() - diedAt;
    // Never before A's lease ran out, plus the clock-skew margin (a tenth of the TTL).
    expect(tookOverMs).toBeGreaterThanOrEqual(TTL_MS * (2 / 3));
    relay.mend();
    await publishing;

    const stored = await waitForPackets(reader, expected.size, {
      timeoutMs: 60_000,
      what: 'every packet in the log',
    });
    expect(doubledIds(stored)).toEqual([]);
    expect(new Set(stored.keys())).toEqual(expected);
    expect(a.supervisor.collecting()).toEqual([]);
    const history = (await events.readStream(collectorLeaseStream(DATA_SOURCE))).map(
      (event) => `${event.type} ${(event.data as { holder: string }).holder}`,
    );
    // A held it, then B acquired it afresh once it expired (a dead collector releases nothing), and kept it.
    const takeover = history.indexOf('CollectorLeaseAcquired collector-b');
    expect(takeover).toBeGreaterThan(0);
    expect(history[0]).toBe('CollectorLeaseAcquired collector-a');
    expect(new Set(history.slice(1, takeover))).toEqual(new Set(['CollectorLeaseRenewed collector-a']));
    expect(new Set(history.slice(takeover + 1))).toEqual(
      new Set(history.length > takeover + 1 ? ['CollectorLeaseRenewed collector-b'] : []),
    );
    const receivedByB = (await b.metrics.messagesReceived.get()).values[0]?.value ?? 0;
    process.stdout.write(
      `Lease takeover drill: ${expected.size} packets, B collecting ${tookOverMs} ms after A died, ${receivedByB} messages received by B\n`,
    );
  });
});
