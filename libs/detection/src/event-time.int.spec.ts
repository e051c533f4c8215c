import { DATA_SOURCE_LOG } from '@lorawatch/data-sources/projection/data-source-log.projection';
import { DATA_SOURCES } from '@lorawatch/data-sources/projection/data-source.view';
import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { defaultPolicyItems } from '@lorawatch/domain/policy';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { createChirpstackV3Parser } from '@lorawatch/ingest/chirpstack-v3/chirpstack-v3-parser';
import { Metrics } from '@lorawatch/ops/metrics';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
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
const HOUR = 3600_000;
const TICK_MS = 2 * 60_000;

jest.setTimeout(120_000);

/**
 * Silence on event time (docs/architecture.md §9): the same recorded traffic, read paced as it was sent or as one
 * backlog after an outage with the silence ticks running all along, raises the same alerts. Real frames from the
 * simulated network; the whole runner with its SQLite packet log, event store and read store.
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
    await connectDataSource(store, '2024-01-01T00:00:00.000Z');
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

  async function raisedCodes(): Promise<AlertDraft[]> {
    return (await events.readAll())
      .filter((event) => event.type === 'AlertRaised')
      .map((event) => event.data as AlertDraft);
  }

  /**
   * Reads the traffic as the collector would have, as it was sent, ticking every simulated TICK_MS on the simulated
   * wall clock (the packets of each interval are appended together, then detected, then the tick runs).
   */
  async function paced(messages: SimMessage[], until: number): Promise<void> {
    const detection = runner();
    detection.start();
    const parse = createChirpstackV3Parser();
    let tickAt = messages[0].at.getTime();
    let pending: Packet[] = [];
    for (const message of messages) {
      while (message.at.getTime() >= tickAt) {
        await log.append(pending);
        pending = [];
        await detection.drained();
        await detection.tick(new Date(tickAt).toISOString());
        tickAt += TICK_MS;
      }
      pending.push(...packetsOf(parse, message, message.at.toISOString()));
    }
    await log.append(pending);
    await detection.drained();
    for (; tickAt <= until; tickAt += TICK_MS) await detection.tick(new Date(tickAt).toISOString());
    await detection.stop();
  }

  /**
   * The collector was down while the network sent the traffic; it reconnects at `readAt` and the broker hands it
   * the whole backlog at once. Ticks run on the wall clock while the backlog is detected, then go on after.
   */
  async function backlog(messages: SimMessage[], readAt: number, until: number): Promise<void> {
    await connectDataSource(store, new Date(readAt - 1000).toISOString());
    const parse = createChirpstackV3Parser();
    const received = new Date(readAt).toISOString();
    await log.append(messages.flatMap((message) => packetsOf(parse, message, received)));
    const detection = runner();
    detection.start();
    let done = false;
    const drained = detection.drained().then(() => (done = true));
    let wallClock = readAt;
    while (!done) {
      await detection.tick(new Date(wallClock).toISOString());
      wallClock += 100;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await drained;
    for (; wallClock <= until; wallClock += 60_000) await detection.tick(new Date(wallClock).toISOString());
    await detection.stop();
  }

  const codes = (alerts: AlertDraft[]) => [...new Set(alerts.map((alert) => alert.code))].sort();

  describe('6 h of healthy traffic of 60 devices', () => {
    const { messages, end } = simulate({ hours: 6 });

    it('raises nothing but LAF-400 and LAF-402 when read paced', async () => {
      await paced(messages, end + 10 * 60_000);
      const alerts = await raisedCodes();
      expect(codes(alerts)).toEqual(['LAF-400', 'LAF-402']);
      expect(alerts.filter((alert) => alert.code === 'LAF-400')).toHaveLength(60);
    });

    it('raises nothing but LAF-400 and LAF-402 when read as one backlog with the ticks running', async () => {
      await backlog(messages, end + HOUR, end + HOUR + 10 * 60_000);
      const alerts = await raisedCodes();
      expect(codes(alerts)).toEqual(['LAF-400', 'LAF-402']);
      expect(alerts.filter((alert) => alert.code === 'LAF-400')).toHaveLength(60);
      // The watermark followed the network's time, and the idle rule the collector's once it was quiet.
      const watermark = await readDataSourceWatermark(store, DATA_SOURCE);
      expect(Date.parse(watermark?.at ?? '')).toBeGreaterThan(end);
    });
  });

  describe('a device that goes silent after 3 h', () => {
    const { messages, end, silenced } = simulate({ hours: 6, silenceOneDeviceAfterHours: 3 });

    const silences = async () =>
      (await raisedCodes()).filter((alert) => alert.code === 'LAF-401').map((alert) => alert.devEui);

    it('raises LAF-401 once for it, paced', async () => {
      await paced(messages, end + 10 * 60_000);
      expect(await silences()).toEqual([silenced]);
    });

    it('raises the same LAF-401 in a backlog, dated in event time', async () => {
      await backlog(messages, end + HOUR, end + HOUR + 10 * 60_000);
      expect(await silences()).toEqual([silenced]);
      const [alert] = (await raisedCodes()).filter((raised) => raised.code === 'LAF-401');
      expect(Date.parse(alert.createdAt)).toBeLessThan(end);
    });
  });

  it('raises LAF-403 for every gateway of a data source that went quiet entirely while connected', async () => {
    const { messages, end } = simulate({ hours: 2 });
    await paced(messages, end + 2 * HOUR);
    const silent = (await raisedCodes()).filter((alert) => alert.code === 'LAF-403');
    expect(silent).toHaveLength(3);
    expect(new Set(silent.map((alert) => alert.gateway)).size).toBe(3);
  });
});

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

async function connectDataSource(store: SqliteReadStore, connectedAt: string): Promise<void> {
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
        status: 'CONNECTED',
        deleted: false,
      },
    ],
    [
      DATA_SOURCE_LOG.name,
      {
        id: connectedAt,
        position: Date.parse(connectedAt),
        dataSourceId: DATA_SOURCE,
        organizationId: 1,
        type: 'CONNECTED',
        createdAt: connectedAt,
        parameters: {},
        userId: null,
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
