import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import type { EventStore, RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { readFixtureJson } from '@lorawatch/lorawan/testing/fixtures';
import { Metrics } from '@lorawatch/ops/metrics';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { cuttable, doubledIds, waitForPackets } from '@lorawatch/packet-log/testing/log-drills';
import { systemClock } from '@lorawatch/platform/clock';
import { SecretBox } from '@lorawatch/platform/secret-box';
import { type DemoBroker, startDemoBroker } from '@lorawatch/simulator/demo-broker';
import { createTempSqliteFile, type TempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { uplinkMessage } from '../../../../../test/support/chirpstack-v3-messages';
import { waitFor } from '../../../../../test/support/wait-for';
import {
  RecordCollectorEventHandler,
  type CollectorReport,
} from '../../commands/record-collector-event/record-collector-event.handler';
import { CollectorSupervisor } from '../collector-supervisor';
import { collectorLeaseStream } from './collector-lease.events';
import { LeaseKeeper } from './lease-keeper';
import { recordMqttDataSource } from '../testing/recorded-mqtt-source';

const DATA_SOURCE = 1;
/** Short leases keep the takeover quick; nothing below depends on how long anything takes. */
const TTL_MS = 1500;
const GATEWAY = '7276ff002e062c18';
const FRAME = Buffer.from(
  readFixtureJson<{ phyPayload: string }>('chirpstack-v3/gw-event-up.json').phyPayload,
  'base64',
);

/**
 * Two collector processes (two holders) on ONE event store, ONE packet log and a real MQTT broker: a data source is
 * collected by exactly one of them, and the other takes it over when the first stops or stops renewing its lease.
 */
describe('collector leases: two supervisors sharing a data source', () => {
  let broker: DemoBroker;
  let publisher: MqttClient;
  let eventsFile: TempSqliteFile;
  let packetsFile: TempSqliteFile;
  let events: SqliteEventStore;
  let packets: SqlitePacketLog;
  const secrets = new SecretBox(randomBytes(32));
  const processes: CollectorProcess[] = [];

  interface CollectorProcess {
    holder: string;
    supervisor: CollectorSupervisor;
    keeper: LeaseKeeper;
    reports: CollectorReport[];
    /** The event store as this process sees it, with a switch that cuts it off (its lease renewals stop). */
    leaseEvents: EventStore & { cut: boolean };
    stopped: boolean;
    connections(): number;
    received(): Promise<number>;
    stop(): Promise<void>;
  }

  function collectorProcess(holder: string): CollectorProcess {
    const reports: CollectorReport[] = [];
    const metrics = new Metrics();
    const leaseEvents = cuttable<EventStore>(events, ['append', 'readStream'], 'event store unreachable');
    const recorder = new RecordCollectorEventHandler(events, systemClock);
    const keeper = new LeaseKeeper(leaseEvents, { holder, ttlMs: TTL_MS, onError: () => undefined });
    const supervisor = new CollectorSupervisor(
      events,
      packets,
      {
        execute: async (command) => {
          reports.push(command.report);
          await recorder.execute(command);
        },
      },
      secrets,
      metrics,
      keeper,
    );
    const started: CollectorProcess = {
      holder,
      supervisor,
      keeper,
      reports,
      leaseEvents,
      stopped: false,
      connections: () => reports.filter((report) => report.kind === 'CONNECTED').length,
      received: async () =>
        (await metrics.messagesReceived.get()).values.find(
          (value) => value.labels.data_source === String(DATA_SOURCE),
        )?.value ?? 0,
      stop: async () => {
        started.stopped = true;
        await supervisor.stop();
      },
    };
    processes.push(started);
    return started;
  }

  async function publishUplinks(count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      const { topic, payload } = uplinkMessage(GATEWAY, FRAME);
      await publisher.publishAsync(topic, payload, { qos: 1 });
    }
  }

  /** Waits until the log holds `count` packets, and checks it holds each once and no more. */
  const expectPackets = async (count: number, what: string) => {
    const places = await waitForPackets(packets, count, { timeoutMs: 10_000, what });
    expect(doubledIds(places)).toEqual([]);
    expect(places.size).toBe(count);
  };
  const leaseHistory = async () =>
    (await events.readStream(collectorLeaseStream(DATA_SOURCE))).map(
      (event: RecordedEvent) => `${event.type} ${(event.data as { holder: string }).holder}`,
    );
  const collecting = (running: CollectorProcess) =>
    running.supervisor.collecting().includes(DATA_SOURCE) ? true : null;

  let holder: CollectorProcess;
  let standby: CollectorProcess;

  beforeAll(async () => {
    broker = await startDemoBroker(0);
    publisher = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`);
    eventsFile = createTempSqliteFile('lease-events');
    packetsFile = createTempSqliteFile('lease-packets');
    events = SqliteEventStore.open(eventsFile.file, { pollIntervalMs: 20 });
    packets = SqlitePacketLog.open(packetsFile.file);
    await recordMqttDataSource(events, {
      dataSourceId: DATA_SOURCE,
      name: 'Shared broker',
      port: broker.port,
      at: new Date().toISOString(),
    });
  });

  afterAll(async () => {
    await Promise.all(processes.filter((running) => !running.stopped).map((running) => running.stop()));
    await publisher?.endAsync(true);
    await broker?.close();
    await events?.close();
    await packets?.close();
    eventsFile?.remove();
    packetsFile?.remove();
  });

  it('lets exactly one of two collectors started together collect the data source', async () => {
    const a = collectorProcess('collector-a');
    const b = collectorProcess('collector-b');
    await Promise.all([a.supervisor.start(), b.supervisor.start()]);

    holder = await waitFor(async () => (collecting(a) ? a : collecting(b) ? b : null), 10_000, 'a collector');
    standby = holder === a ? b : a;
    await waitFor(async () => (holder.connections() === 1 ? true : null), 10_000, 'the connection');

    await publishUplinks(5);
    await expectPackets(5, 'five packets');
    await waitFor(async () => ((await holder.received()) === 5 ? true : null), 10_000, 'five messages');

    expect(await standby.received()).toBe(0);
    expect(standby.connections()).toBe(0);
    expect(standby.supervisor.collecting()).toEqual([]);
    const history = await leaseHistory();
    expect(history[0]).toBe(`CollectorLeaseAcquired ${holder.holder}`);
    expect(history.every((entry) => entry.endsWith(holder.holder))).toBe(true);
  });

  it('hands the data source over once the holder can no longer renew its lease and it expired', async () => {
    // Whether the holder still believed it held the lease when the standby won it (both read the same clock).
    const holderHeldAtTakeover: boolean[] = [];
    const watch = standby.keeper.held$.subscribe((held) => {
      if (held.has(DATA_SOURCE)) holderHeldAtTakeover.push(holder.keeper.holds(DATA_SOURCE));
    });
    holder.leaseEvents.cut = true;

    await waitFor(async () => collecting(standby), 10_000, 'the takeover');
    watch.unsubscribe();
    expect(holderHeldAtTakeover).toEqual([false]);
    await waitFor(
      async () => (holder.supervisor.collecting().length === 0 ? true : null),
      10_000,
      'the stop',
    );
    await waitFor(async () => (standby.connections() === 1 ? true : null), 10_000, 'the new connection');

    await publishUplinks(4);
    await waitFor(async () => ((await standby.received()) === 4 ? true : null), 10_000, 'four messages');
    await expectPackets(9, 'nine packets');
    expect(await holder.received()).toBe(5);
    // Handing over is not a disconnection of the data source.
    expect(holder.reports.filter((report) => report.kind === 'DISCONNECTED')).toEqual([]);
    expect((await leaseHistory()).at(-1)).toBe(`CollectorLeaseAcquired ${standby.holder}`);
  });

  it('hands it back at once when the new holder stops: its lease is released, not left to expire', async () => {
    holder.leaseEvents.cut = false;
    await standby.stop();

    await waitFor(async () => collecting(holder), 10_000, 'the return');
    expect((await leaseHistory()).slice(-2)).toEqual([
      `CollectorLeaseReleased ${standby.holder}`,
      `CollectorLeaseAcquired ${holder.holder}`,
    ]);
    await waitFor(async () => (holder.connections() === 2 ? true : null), 10_000, 'the connection back');

    await publishUplinks(3);
    await waitFor(async () => ((await holder.received()) === 8 ? true : null), 10_000, 'three more messages');
    await expectPackets(12, 'twelve packets');
    expect(await standby.received()).toBe(4);
  });
});
