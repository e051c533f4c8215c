import { ASSETS } from '@lorawatch/assets/asset.view';
import { assetsProjections } from '@lorawatch/assets/assets.projections';
import { ProjectionRunner } from '@lorawatch/projections/projection-runner';
import { DATA_SOURCES } from '@lorawatch/domain/data-source.view';
import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { defaultPolicyItems } from '@lorawatch/domain/policy';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { createChirpstackV3Parser } from '@lorawatch/ingest/chirpstack-v3/chirpstack-v3-parser';
import { CollectorHeartbeat } from '@lorawatch/ingest/collector-heartbeat';
import { Metrics } from '@lorawatch/ops/metrics';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { isHeartbeat, type LogEntry } from '@lorawatch/packet-log/packet-log.port';
import { POLICIES } from '@lorawatch/policies/policy.view';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import type { Doc } from '@lorawatch/read-store/read-store.port';
import { NetworkSimulator } from '@lorawatch/simulator/network-simulator';
import type { SimMessage } from '@lorawatch/simulator/sim-event';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile, type TempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { DetectionRunner } from './detection-runner';
import { readDataSourceWatermark } from './event-time-watermark';
import { PolicyProvider } from './policy-provider';

const DATA_SOURCE = 1;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The collector's heartbeat interval and the detectors' tick, on the simulated clock. */
const TICK_MS = 2 * MINUTE;

jest.setTimeout(180_000);

/**
 * Silence on event time (docs/architecture.md §9): what the collector stored (its packets, and the heartbeats it
 * appended while the network was quiet or it was not connected) gives the same silence alerts whether the detectors
 * read it paced, as it was stored, or as one backlog with the ticks running all along. No clock is read: the
 * collector's clock is simulated and stamped in the records, the ticks take no time. Real frames from the simulated
 * network; the whole runner with its SQLite packet log (4 partitions), event store and read store.
 */
describe('silence detection on event time', () => {
  let temp: TempSqliteFile;
  let db: Database;
  let log: SqlitePacketLog;
  let events: SqliteEventStore;
  let store: SqliteReadStore;

  beforeEach(async () => {
    temp = createTempSqliteFile('event-time');
    db = openDatabase(temp.file);
    log = new SqlitePacketLog(db, { partitions: 4 });
    events = new SqliteEventStore(db);
    store = new SqliteReadStore(db);
    await registerDataSource(store, 'CONNECTED');
  });
  afterEach(() => {
    db.close();
    temp.remove();
  });

  const runner = () =>
    new DetectionRunner(log, events, store, new PolicyProvider(store), new Metrics(), {
      tickIntervalMs: 0,
      cacheState: false,
    });

  async function raised(): Promise<AlertDraft[]> {
    return (await events.readAll())
      .filter((event) => event.type === 'AlertRaised')
      .map((event) => event.data as AlertDraft);
  }

  /** Reads the stored appends as they were stored: each one appended, detected, then the tick of that instant. */
  async function paced(appends: LogEntry[][]): Promise<void> {
    const detection = runner();
    detection.start();
    for (const entries of appends) {
      await log.append(entries);
      await detection.drained();
      await detection.tick();
    }
    await detection.stop();
  }

  /** Reads every stored append as one backlog, the ticks running while it is detected and a few times after. */
  async function inOneGo(appends: LogEntry[][]): Promise<number> {
    await log.append(appends.flat());
    const detection = runner();
    detection.start();
    const ticks = await tickWhileDraining(detection);
    for (let tick = 0; tick < 3; tick++) await detection.tick();
    await detection.stop();
    return ticks;
  }

  const codes = (alerts: AlertDraft[]) => [...new Set(alerts.map((alert) => alert.code))].sort();
  /** Silence alerts, with the asset and the minute of event time they were judged at. */
  const silences = (alerts: AlertDraft[]) =>
    alerts
      .filter((alert) => alert.code === 'LAF-401' || alert.code === 'LAF-403')
      .map((alert) => `${alert.code} ${alert.devEui ?? alert.gateway} ${alert.createdAt}`)
      .sort();

  describe('6 h of healthy traffic of 60 devices', () => {
    const { messages, end } = simulate({ hours: 6 });

    it('raises nothing but LAF-400 and LAF-402 when read paced', async () => {
      await paced(await collect(messages, { until: end + 10 * MINUTE }));
      const alerts = await raised();
      expect(codes(alerts)).toEqual(['LAF-400', 'LAF-402']);
      expect(alerts.filter((alert) => alert.code === 'LAF-400')).toHaveLength(60);
    });

    it('raises nothing but LAF-400 and LAF-402 when the collector receives it all as one backlog', async () => {
      const readAt = end + HOUR;
      await inOneGo(await collect(messages, { receivedAt: readAt, until: readAt + 10 * MINUTE }));
      const alerts = await raised();
      expect(codes(alerts)).toEqual(['LAF-400', 'LAF-402']);
      expect(alerts.filter((alert) => alert.code === 'LAF-400')).toHaveLength(60);
      // The watermark followed the network's time, then the heartbeats the collector stored once it was quiet.
      const watermark = await readDataSourceWatermark(store, DATA_SOURCE);
      expect(Date.parse(watermark?.at ?? '')).toBeGreaterThan(end);
    });
  });

  describe('a device that goes silent after 3 h', () => {
    const { messages, end, silenced } = simulate({ hours: 6, silenceOneDeviceAfterHours: 3 });

    const silent = async () =>
      (await raised()).filter((alert) => alert.code === 'LAF-401').map((alert) => alert.devEui);

    it('raises LAF-401 once for it, paced', async () => {
      await paced(await collect(messages, { until: end + 10 * MINUTE }));
      expect(await silent()).toEqual([silenced]);
    });

    it('raises the same LAF-401 when the collector receives it all as one backlog, dated in event time', async () => {
      const readAt = end + HOUR;
      expect(
        await inOneGo(await collect(messages, { receivedAt: readAt, until: readAt + 10 * MINUTE })),
      ).toBeGreaterThan(10);
      expect(await silent()).toEqual([silenced]);
      const [alert] = (await raised()).filter((found) => found.code === 'LAF-401');
      expect(Date.parse(alert.createdAt)).toBeLessThan(end);
    });
  });

  describe('a network that goes quiet entirely after 2 h while the collector stays connected', () => {
    const { messages, end } = simulate({ hours: 2 });
    const stored = collect(messages, { until: end + 3 * HOUR });

    it('raises LAF-403 for every gateway and LAF-401 for the devices, from the heartbeats the collector stored', async () => {
      const appends = await stored;
      const beats = appends.flat().filter(isHeartbeat);
      // One heartbeat per quiet interval, none while the network was busy.
      expect(beats.length).toBeGreaterThanOrEqual((3 * HOUR) / TICK_MS - 2);
      expect(beats.every((beat) => beat.connected && Date.parse(beat.at) > end)).toBe(true);

      await paced(appends);
      const alerts = await raised();
      const gateways = alerts.filter((alert) => alert.code === 'LAF-403').map((alert) => alert.gateway);
      expect(new Set(gateways).size).toBe(3);
      expect(gateways).toHaveLength(3);
      expect(alerts.filter((alert) => alert.code === 'LAF-401').length).toBeGreaterThan(0);
      for (const alert of alerts.filter((found) => found.code === 'LAF-403'))
        expect(Date.parse(alert.createdAt)).toBeGreaterThan(end);
    });

    it('raises exactly the same silences when the stored records are replayed as one backlog', async () => {
      const appends = await stored;
      await paced(appends);
      const asPaced = silences(await raised());

      const replay = openPipeline('event-time-replay');
      try {
        await registerDataSource(replay.store, 'CONNECTED');
        const detection = new DetectionRunner(
          replay.log,
          replay.events,
          replay.store,
          new PolicyProvider(replay.store),
          new Metrics(),
          { tickIntervalMs: 0, cacheState: false },
        );
        await replay.log.append(appends.flat());
        detection.start();
        expect(await tickWhileDraining(detection)).toBeGreaterThan(10);
        await detection.tick();
        await detection.stop();
        const inBurst = (await replay.events.readAll())
          .filter((event) => event.type === 'AlertRaised')
          .map((event) => event.data as AlertDraft);
        expect(asPaced.length).toBeGreaterThan(3);
        expect(silences(inBurst)).toEqual(asPaced);
      } finally {
        replay.close();
      }
    });

    it('decides from the stored records only: a read model that says DISCONNECTED changes nothing', async () => {
      await registerDataSource(store, 'DISCONNECTED');
      await inOneGo(await stored);
      const gateways = (await raised()).filter((alert) => alert.code === 'LAF-403');
      expect(new Set(gateways.map((alert) => alert.gateway)).size).toBe(3);
    });

    it('without heartbeats (a log stored before them) the watermark stays at the latest event time', async () => {
      const packetsOnly = (await stored).map((entries) => entries.filter((entry) => !isHeartbeat(entry)));
      await paced(packetsOnly);
      expect((await raised()).filter((alert) => alert.code === 'LAF-403')).toEqual([]);
      const watermark = await readDataSourceWatermark(store, DATA_SOURCE);
      expect(Date.parse(watermark?.at ?? '')).toBeLessThanOrEqual(end);
    });
  });

  describe('a data source whose collector loses its connection after 2 h', () => {
    const { messages, end } = simulate({ hours: 2 });
    const stored = collect(messages, { until: end + 3 * HOUR, disconnectAt: end + MINUTE });

    it('marks its gateways disconnected from the stored heartbeats, without an alert', async () => {
      const appends = await stored;
      expect(
        appends
          .flat()
          .filter(isHeartbeat)
          .every((beat) => !beat.connected),
      ).toBe(true);
      await inOneGo(appends);
      expect(codes(await raised())).toEqual(['LAF-400', 'LAF-402']);
      // The inventory is projected from the detectors' asset events.
      const projected = new ProjectionRunner(events, store, assetsProjections);
      await projected.start();
      await projected.caughtUp();
      await projected.stop();
      const gateways = await store.collection<Doc & { connected: boolean }>(ASSETS).find({ type: 'gateway' });
      expect(gateways).toHaveLength(3);
      expect(gateways.every((gateway) => !gateway.connected)).toBe(true);
      // The data source's own watermark (issue timeouts) does not move while it is not connected.
      const watermark = await readDataSourceWatermark(store, DATA_SOURCE);
      expect(Date.parse(watermark?.at ?? '')).toBeLessThanOrEqual(end);
    });
  });
});

/**
 * Ticks between the batches of a backlog until it is detected; returns how many ticks ran. The embedded log's
 * batches follow each other without leaving the microtask queue, so the ticks are queued the same way (the runner
 * takes them in turns), yielding to the event loop now and then only.
 */
async function tickWhileDraining(detection: DetectionRunner): Promise<number> {
  let done = false;
  const drained = detection.drained().then(() => (done = true));
  let ticks = 0;
  while (!done) {
    await detection.tick();
    ticks += 1;
    if (ticks % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  await drained;
  return ticks;
}

interface Pipeline {
  log: SqlitePacketLog;
  events: SqliteEventStore;
  store: SqliteReadStore;
  close(): void;
}

function openPipeline(name: string): Pipeline {
  const temp = createTempSqliteFile(name);
  const db = openDatabase(temp.file);
  return {
    log: new SqlitePacketLog(db, { partitions: 4 }),
    events: new SqliteEventStore(db),
    store: new SqliteReadStore(db),
    close: () => {
      db.close();
      temp.remove();
    },
  };
}

interface Collection {
  /** The collector's clock when it received everything at once (a backlog after an outage); else as sent. */
  receivedAt?: number;
  /** The collector's clock of the last interval. */
  until: number;
  /** When the collector loses its connection to the broker (it stays down). */
  disconnectAt?: number;
}

/**
 * What the collector stores of the traffic, append by append, one append per TICK_MS of its (simulated) clock: the
 * packets it parsed and the heartbeats its CollectorHeartbeat appended, exactly as the collector process does.
 */
async function collect(messages: SimMessage[], options: Collection): Promise<LogEntry[][]> {
  const parse = createChirpstackV3Parser();
  let clock = options.receivedAt ?? messages[0].at.getTime();
  let current: LogEntry[] = [];
  const heartbeat = new CollectorHeartbeat({
    dataSourceId: DATA_SOURCE,
    organizationId: 1,
    intervalMs: TICK_MS,
    now: () => new Date(clock),
    append: async (beat) => void current.push(beat),
  });
  const sink = heartbeat.watch({
    onPackets: async (packets) => void current.push(...packets),
    onStatus: () => undefined,
    onMalformed: () => undefined,
  });
  sink.onStatus('CONNECTED');
  const appends: LogEntry[][] = [];
  const deliver = async (message: SimMessage) => {
    const packets = packetsOf(parse, message, new Date(clock).toISOString());
    if (packets.length > 0) await sink.onPackets(packets);
  };
  let intervalEnd = clock + TICK_MS;
  const endInterval = async () => {
    clock = intervalEnd;
    if (options.disconnectAt !== undefined && clock >= options.disconnectAt) sink.onStatus('DISCONNECTED');
    await heartbeat.beat();
    appends.push(current);
    current = [];
    intervalEnd += TICK_MS;
  };
  if (options.receivedAt !== undefined) {
    for (const message of messages) await deliver(message);
  } else {
    for (const message of messages) {
      while (message.at.getTime() >= intervalEnd) await endInterval();
      clock = message.at.getTime();
      await deliver(message);
    }
  }
  while (intervalEnd <= options.until) await endInterval();
  heartbeat.stop();
  return appends;
}

function packetsOf(
  parse: ReturnType<typeof createChirpstackV3Parser>,
  message: SimMessage,
  receivedAt: string,
): Packet[] {
  const outcome = parse(message.topic, message.payload, {
    dataSourceId: DATA_SOURCE,
    organizationId: 1,
    receivedAt,
  });
  return outcome.kind === 'packets' ? outcome.packets : [];
}

/** The policy and the data source's read model; the detectors take the connection from the log, not from here. */
async function registerDataSource(
  store: SqliteReadStore,
  status: 'CONNECTED' | 'DISCONNECTED',
): Promise<void> {
  const docs: Array<[string, Doc & Record<string, unknown>]> = [
    [
      POLICIES.name,
      {
        id: '1',
        policyId: 1,
        organizationId: null,
        name: 'Default',
        isDefault: true,
        items: defaultPolicyItems(),
      },
    ],
    [
      DATA_SOURCES.name,
      {
        id: String(DATA_SOURCE),
        dataSourceId: DATA_SOURCE,
        organizationId: 1,
        policyId: 1,
        status,
        deleted: false,
      },
    ],
  ];
  await store.commit(docs.map(([collection, doc]) => ({ op: 'upsert', collection, doc })));
}

interface Simulated {
  messages: SimMessage[];
  end: number;
  silenced: string | null;
}

/** A healthy network with application events (so every frame names its device), 60 devices, 3 gateways. */
function simulate(options: { hours: number; silenceOneDeviceAfterHours?: number }): Simulated {
  const simulator = new NetworkSimulator({
    devices: 60,
    gateways: 3,
    seed: 21,
    uplinkPeriodSeconds: 300,
    applicationEvents: true,
  });
  const start = simulator.startTime.getTime();
  const end = start + options.hours * HOUR;
  const messages: SimMessage[] = [];
  for (;;) {
    const batch = simulator.next().filter((message) => !message.retain);
    if (batch.length > 0 && batch[0].at.getTime() > end) break;
    messages.push(...batch);
  }
  if (options.silenceOneDeviceAfterHours === undefined) return { messages, end, silenced: null };
  const silenced = simulator.deviceProfiles().find((device) => device.activation === 'otaa')?.devEui ?? null;
  const cut = start + options.silenceOneDeviceAfterHours * HOUR;
  return {
    messages: messages.filter((message) => message.devEui !== silenced || message.at.getTime() < cut),
    end,
    silenced,
  };
}
