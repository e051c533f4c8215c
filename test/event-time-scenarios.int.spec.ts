import { DATA_SOURCE_LOG } from '@lorawatch/data-sources/projection/data-source-log.projection';
import { DATA_SOURCES } from '@lorawatch/domain/data-source.view';
import { DetectionRunner } from '@lorawatch/detection/detection-runner';
import { PolicyProvider } from '@lorawatch/detection/policy-provider';
import { ttnUplink, ttnDownlink, abpUplink } from '@lorawatch/detectors/sessions/testing/session-traffic';
import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { defaultPolicyItems, type PolicyItem } from '@lorawatch/domain/policy';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { DeviceAddressBook } from '@lorawatch/ingest/application/device-address-book';
import { createChirpstackV3Parser } from '@lorawatch/ingest/chirpstack-v3/chirpstack-v3-parser';
import { JoinAcceptCorrelator } from '@lorawatch/ingest/join-accept-correlator';
import { Metrics } from '@lorawatch/ops/metrics';
import { partitionForKey } from '@lorawatch/packet-log/embedded/murmur2';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { POLICIES } from '@lorawatch/policies/policy.view';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import type { Doc } from '@lorawatch/read-store/read-store.port';
import type { AttackKind } from '@lorawatch/simulator/attack-kinds';
import { NetworkSimulator } from '@lorawatch/simulator/network-simulator';
import type { SimMessage } from '@lorawatch/simulator/sim-event';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile, type TempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { seeded, shuffled } from '@lorawatch/detectors/testing/seeded-shuffle';

/**
 * Event time everywhere, as specifications: given recorded traffic built from real frames, then these alerts, whether
 * the detection runner reads it paced (as it was sent, ticks on the network's time), as one backlog after an outage
 * (ticks running on the wall clock all along), or partition by partition in shuffled orders across restarts
 * (docs/architecture.md §9). The whole runner on its SQLite packet log (4 partitions), event store and read store.
 *
 * The clean-network backlog and silence on event time (case 1 of the specification) are in
 * libs/detection/src/event-time.int.spec.ts.
 */

const DATA_SOURCE = 1;
const PARTITIONS = 4;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

jest.setTimeout(300_000);

/**
 * Codes dated by the issue tracker when it resolves an issue, at the watermark it had then: compared by asset only.
 * Silences (LAF-401, LAF-403) are dated at the minute of event time they are judged at and compared in full.
 */
const TICK_CODES = new Set(['LAF-600']);
/** Codes about a gateway: fed by the partitions of every device it relays, compared by the gateway they name. */
const GATEWAY_CODES = new Set(['LAF-402', 'LAF-403', 'LAF-010']);

type ParsedPacket = Packet;

class Pipeline {
  readonly temp: TempSqliteFile;
  readonly db: Database;
  readonly log: SqlitePacketLog;
  readonly events: SqliteEventStore;
  readonly store: SqliteReadStore;

  private constructor(name: string) {
    this.temp = createTempSqliteFile(name);
    this.db = openDatabase(this.temp.file);
    this.log = new SqlitePacketLog(this.db, { partitions: PARTITIONS });
    this.events = new SqliteEventStore(this.db);
    this.store = new SqliteReadStore(this.db);
  }

  static async open(name: string, items: PolicyItem[], connectedAt: string): Promise<Pipeline> {
    const pipeline = new Pipeline(name);
    await connectDataSource(pipeline.store, items, connectedAt);
    return pipeline;
  }

  /** A new runner each time: nothing carries over but what was committed (a restart). */
  runner(partitions?: number[], options: { gatewayFoldEvery?: number } = {}): DetectionRunner {
    return new DetectionRunner(
      this.log,
      this.events,
      this.store,
      new PolicyProvider(this.store),
      new Metrics(),
      {
        tickIntervalMs: 0,
        cacheState: false,
        partitions,
        ...options,
      },
    );
  }

  async alerts(): Promise<AlertDraft[]> {
    return (await this.events.readAll())
      .filter((event) => event.type === 'AlertRaised')
      .map((event) => event.data as AlertDraft);
  }

  close(): void {
    this.db.close();
    this.temp.remove();
  }
}

/**
 * Paced: the packets of each `tickMs` of network time are appended together (received as they were sent), detected,
 * then a tick runs.
 */
async function pacedRun(pipeline: Pipeline, packets: ParsedPacket[], tickMs: number): Promise<void> {
  const detection = pipeline.runner();
  detection.start();
  const sorted = [...packets].sort((a, b) => Date.parse(a.receivedAt) - Date.parse(b.receivedAt));
  let tickAt = Date.parse(sorted[0].receivedAt);
  let pending: Packet[] = [];
  for (const packet of sorted) {
    while (Date.parse(packet.receivedAt) >= tickAt) {
      await pipeline.log.append(pending);
      pending = [];
      await detection.drained();
      await detection.tick();
      tickAt += tickMs;
    }
    pending.push(packet);
  }
  await pipeline.log.append(pending);
  await detection.drained();
  await detection.tick();
  await detection.stop();
}

/**
 * One backlog: the collector was away and receives everything at once (the packets' `receivedAt`); the runner
 * detects it with the ticks running all along.
 */
async function backlog(
  pipeline: Pipeline,
  packets: ParsedPacket[],
  options: { gatewayFoldEvery?: number } = {},
): Promise<void> {
  await pipeline.log.append(packets);
  const detection = pipeline.runner(undefined, options);
  detection.start();
  let done = false;
  const drained = detection.drained().then(() => (done = true));
  while (!done) {
    await detection.tick();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await drained;
  await detection.tick();
  await detection.stop();
}

/**
 * The backlog detected partition by partition in the given order, each by a runner of its own that ticks and stops
 * (state reloaded from the store by the next), the packets appended in `chunks` successive slices of the backlog.
 */
async function byPartitions(
  pipeline: Pipeline,
  packets: ParsedPacket[],
  plan: { chunks: number; orders: number[][] },
): Promise<void> {
  const size = Math.ceil(packets.length / plan.chunks);
  for (let chunk = 0; chunk < plan.chunks; chunk++) {
    await pipeline.log.append(packets.slice(chunk * size, (chunk + 1) * size));
    for (const partition of plan.orders[chunk]) {
      const detection = pipeline.runner([partition]);
      detection.start();
      await detection.drained();
      await detection.tick();
      await detection.stop();
    }
  }
  const detection = pipeline.runner();
  detection.start();
  await detection.drained();
  await detection.tick();
  await detection.stop();
}

/**
 * What must not depend on arrival: every alert, gateway ones included; the packet-driven ones whole (id, packet,
 * date, evidence), the tick-driven ones (dated at a tick's watermark) by code and asset.
 */
function signature(alerts: AlertDraft[]): string[] {
  return alerts
    .map((alert) => {
      const asset = GATEWAY_CODES.has(alert.code)
        ? alert.gateway
        : (alert.devEui ?? alert.devAddr ?? alert.gateway);
      if (TICK_CODES.has(alert.code)) return `${alert.code} ${asset}`;
      const evidence = [
        'prev_packet_id',
        'old_dev_eui',
        'new_dev_eui',
        'old_latitude',
        'old_longitude',
        'new_latitude',
        'new_longitude',
        'distance',
        'number_of_devices',
      ].map((key) => alert.parameters[key]);
      return [alert.code, alert.id, alert.packet?.id, alert.createdAt, asset, ...evidence].join(' ');
    })
    .sort();
}

const codes = (alerts: AlertDraft[]) => [...new Set(alerts.map((alert) => alert.code))].sort();

describe('case 3: order across partitions (LAF-002)', () => {
  const items: PolicyItem[] = [
    ...defaultPolicyItems().filter((item) => item.alertTypeCode !== 'LAF-002'),
    { alertTypeCode: 'LAF-002', enabled: true, parameters: {} },
  ];
  const scenario = sharedAddressScenario();
  const { packets, start, end, partitionOf } = scenario;
  const readAt = end + HOUR;
  let pipelines: Pipeline[] = [];

  const open = async (name: string, connectedAt: number) => {
    const pipeline = await Pipeline.open(name, items, new Date(connectedAt).toISOString());
    pipelines.push(pipeline);
    return pipeline;
  };
  afterEach(() => {
    for (const pipeline of pipelines) pipeline.close();
    pipelines = [];
  });

  const asBacklog = () =>
    packets.map((packet) => ({ ...packet, receivedAt: new Date(readAt).toISOString() }));

  let expected: string[] = [];
  beforeAll(async () => {
    const pipeline = await open('order-paced', start - MINUTE);
    await pacedRun(pipeline, packets, 2 * MINUTE);
    const alerts = await pipeline.alerts();
    expected = signature(alerts);
    pipeline.close();
    pipelines = [];
    // Given device A using the address for an hour, then device B for an hour after a pause, then LAF-002 once.
    const moves = alerts.filter((alert) => alert.code === 'LAF-002');
    expect(moves.map((alert) => [alert.parameters.old_dev_eui, alert.parameters.new_dev_eui])).toEqual([
      [scenario.deviceA, scenario.deviceB],
    ]);
  });

  it('given the devices on partitions 3 and 2, then the scenario is the one of the issue', () => {
    expect(partitionOf(scenario.deviceA)).toBe(3);
    expect(partitionOf(scenario.deviceB)).toBe(2);
    expect(expected.filter((line) => line.startsWith('LAF-002'))).toHaveLength(1);
  });

  it('raises the same alerts from one burst, with the ticks running', async () => {
    const pipeline = await open('order-burst', readAt - 1000);
    await backlog(pipeline, asBacklog());
    expect(signature(await pipeline.alerts())).toEqual(expected);
  });

  it("raises LAF-002 when partition 2 is detected before partition 3 (device A's older frames last)", async () => {
    const pipeline = await open('order-issue', readAt - 1000);
    await byPartitions(pipeline, asBacklog(), { chunks: 1, orders: [[2, 0, 1, 3]] });
    expect(signature(await pipeline.alerts())).toEqual(expected);
  });

  // Seeded, bounded: 6 runs of random partition orders over 1 to 3 slices of the backlog, each partition by a
  // runner of its own (a restart reloading the state) that ticks before it stops.
  const random = seeded(15);
  const plans = Array.from({ length: 6 }, () => {
    const chunks = 1 + Math.floor(random() * 3);
    const orders = Array.from({ length: chunks }, () => shuffled([0, 1, 2, 3], random));
    return { chunks, orders };
  });
  it.each(plans.map((plan) => [plan.orders.map((order) => order.join('')).join(' | '), plan]))(
    'raises the same alerts whatever the order of the partitions: %s',
    async (_name, plan) => {
      const pipeline = await open('order-shuffled', readAt - 1000);
      await byPartitions(pipeline, asBacklog(), plan as { chunks: number; orders: number[][] });
      expect(signature(await pipeline.alerts())).toEqual(expected);
    },
  );
});

describe('case 3: order across partitions (gateway state: LAF-402, LAF-010, LAF-403)', () => {
  const scenario = movedGatewayScenario();
  const { packets, start, end } = scenario;
  const readAt = end + HOUR;
  let pipelines: Pipeline[] = [];

  const open = async (name: string, connectedAt: number) => {
    const pipeline = await Pipeline.open(name, defaultPolicyItems(), new Date(connectedAt).toISOString());
    pipelines.push(pipeline);
    return pipeline;
  };
  afterEach(() => {
    for (const pipeline of pipelines) pipeline.close();
    pipelines = [];
  });

  const asBacklog = () =>
    packets.map((packet) => ({ ...packet, receivedAt: new Date(readAt).toISOString() }));
  const ofGateways = (alerts: AlertDraft[]) =>
    signature(alerts.filter((alert) => GATEWAY_CODES.has(alert.code)));

  let paced: AlertDraft[] = [];
  let expected: string[] = [];
  beforeAll(async () => {
    const pipeline = await open('gateway-paced', start - MINUTE);
    await pacedRun(pipeline, packets, 2 * MINUTE);
    paced = await pipeline.alerts();
    expected = signature(paced);
    pipeline.close();
    pipelines = [];
  });

  it("given the traffic paced, then LAF-402 on each gateway's first frame, one LAF-010 and one LAF-403", () => {
    expect(scenario.partitionOf(scenario.home)).toBe(3);
    expect(scenario.partitionOf(scenario.moved)).toBe(2);
    const first = (gateway: string) =>
      packets.find((packet) => packet.gateway === gateway && packet.devEui === scenario.home);
    const byCode = (code: string) => paced.filter((alert) => alert.code === code);
    expect(byCode('LAF-402').map((alert) => [alert.gateway, alert.packet?.id])).toEqual(
      expect.arrayContaining([
        [scenario.roof, first(scenario.roof)?.id],
        [scenario.mast, first(scenario.mast)?.id],
      ]),
    );
    expect(byCode('LAF-402')).toHaveLength(2);
    const [move] = byCode('LAF-010');
    expect(byCode('LAF-010')).toHaveLength(1);
    expect(move).toMatchObject({ gateway: scenario.roof, devEui: scenario.moved });
    expect(move.packet?.id).toBe(
      packets.find((packet) => packet.gateway === scenario.roof && packet.devEui === scenario.moved)?.id,
    );
    expect(move.parameters).toMatchObject({ ...scenario.from, distance: 111 });
    expect(byCode('LAF-403').map((alert) => alert.gateway)).toEqual([scenario.mast]);
  });

  it('raises the same alerts from one burst, with the ticks running', async () => {
    const pipeline = await open('gateway-burst', readAt - 1000);
    await backlog(pipeline, asBacklog());
    expect(signature(await pipeline.alerts())).toEqual(expected);
  });

  it('raises the same alerts from one burst whose batches fold as far as every partition has come', async () => {
    // Frames every 10 s: more than a batch (256 records) per partition, so the partitions are detected in turns and
    // each batch folds up to the other partition's event time less the allowed lateness.
    const dense = movedGatewayScenario(10);
    const denseReadAt = dense.end + HOUR;
    const received = dense.packets.map((packet) => ({
      ...packet,
      receivedAt: new Date(denseReadAt).toISOString(),
    }));
    const reference = await open('gateway-dense-paced', dense.start - MINUTE);
    await pacedRun(reference, dense.packets, 2 * MINUTE);
    // The burst detected without ticks: what folds before the last tick is the batches' doing.
    const bounds: number[] = [];
    const prototype = DetectionRunner.prototype as unknown as {
      foldGateways: (...args: unknown[]) => Promise<void>;
    };
    const original = prototype.foldGateways;
    const fold = jest.spyOn(prototype, 'foldGateways').mockImplementation(function (
      this: unknown,
      ...args: unknown[]
    ) {
      bounds.push(args[1] as number);
      return original.apply(this, args);
    });
    const pipeline = await open('gateway-burst-folds', denseReadAt - 1000);
    await pipeline.log.append(received);
    const detection = pipeline.runner(undefined, { gatewayFoldEvery: 1 });
    try {
      detection.start();
      await detection.drained();
    } finally {
      fold.mockRestore();
    }
    await detection.tick();
    await detection.stop();
    // Some batch folded part of the backlog while the other partition was still being detected.
    expect(bounds.some((bound) => Number.isFinite(bound) && bound > dense.start)).toBe(true);
    const alerts = await pipeline.alerts();
    expect(signature(alerts)).toEqual(signature(await reference.alerts()));
    expect(alerts.filter((alert) => alert.code === 'LAF-010')).toHaveLength(1);
  });

  // The focused case: the gateway's frames come from two partitions; detected in either order (each by a runner of
  // its own that ticks before it stops), the gateway is new on the first frame and moves once.
  it.each([
    ['home device first', [3, 2, 0, 1]],
    ['moved device first', [2, 3, 0, 1]],
  ])('raises the same gateway alerts whichever partition is detected first: %s', async (_name, order) => {
    const pipeline = await open('gateway-order', readAt - 1000);
    await byPartitions(pipeline, asBacklog(), { chunks: 1, orders: [order as number[]] });
    const alerts = await pipeline.alerts();
    expect(ofGateways(alerts)).toEqual(ofGateways(paced));
    expect(signature(alerts)).toEqual(expected);
  });

  const random = seeded(402);
  const plans = Array.from({ length: 4 }, () => {
    const chunks = 1 + Math.floor(random() * 3);
    const orders = Array.from({ length: chunks }, () => shuffled([0, 1, 2, 3], random));
    return { chunks, orders };
  });
  it.each(plans.map((plan) => [plan.orders.map((order) => order.join('')).join(' | '), plan]))(
    'raises the same alerts whatever the order of the partitions: %s',
    async (_name, plan) => {
      const pipeline = await open('gateway-shuffled', readAt - 1000);
      await byPartitions(pipeline, asBacklog(), plan as { chunks: number; orders: number[][] });
      expect(signature(await pipeline.alerts())).toEqual(expected);
    },
  );
});

describe('case 2: processing time instead of event time (LAF-005)', () => {
  const { packets, start, end } = replayedDownlinkScenario();
  let pipeline: Pipeline;
  afterEach(() => pipeline.close());

  const laf005 = async () => (await pipeline.alerts()).filter((alert) => alert.code === 'LAF-005');

  it('given a downlink published again 12 s later, then LAF-005 once, read paced', async () => {
    pipeline = await Pipeline.open(
      'laf005-paced',
      defaultPolicyItems(),
      new Date(start - MINUTE).toISOString(),
    );
    await pacedRun(pipeline, packets, 2 * MINUTE);
    const alerts = await laf005();
    expect(alerts).toHaveLength(1);
    expect(alerts[0].parameters.delay).toBeGreaterThan(10);
  });

  it('given the same traffic as one backlog with the ticks running, then the same LAF-005', async () => {
    const readAt = end + HOUR;
    pipeline = await Pipeline.open(
      'laf005-backlog',
      defaultPolicyItems(),
      new Date(readAt - 1000).toISOString(),
    );
    const received = new Date(readAt).toISOString();
    await backlog(
      pipeline,
      packets.map((packet) => ({ ...packet, receivedAt: received })),
    );
    const alerts = await laf005();
    expect(alerts).toHaveLength(1);
    expect(alerts[0].parameters.delay).toBeGreaterThan(10);
  });
});

describe('case 4: gateway traffic alone (no application events)', () => {
  let pipeline: Pipeline;
  afterEach(() => pipeline.close());

  async function run(mode: 'paced' | 'backlog', days: number, attacks: AttackKind[]): Promise<AlertDraft[]> {
    const { packets, start } = gatewayTrafficAlone(days, attacks, mode === 'backlog' ? 'backlog' : null);
    if (mode === 'paced') {
      pipeline = await Pipeline.open(
        'alone-paced',
        defaultPolicyItems(),
        new Date(start - MINUTE).toISOString(),
      );
      await pacedRun(pipeline, packets, HOUR);
    } else {
      const readAt = Date.parse(packets[0].receivedAt);
      pipeline = await Pipeline.open(
        'alone-backlog',
        defaultPolicyItems(),
        new Date(readAt - 1000).toISOString(),
      );
      await backlog(pipeline, packets);
    }
    return pipeline.alerts();
  }

  it.each(['paced', 'backlog'] as const)(
    'given 11 days of successful daily rejoins, then no LAF-404 (%s)',
    async (mode) => {
      const alerts = await run(mode, 11, []);
      expect(codes(alerts)).not.toContain('LAF-404');
      expect(alerts.filter((alert) => alert.code === 'LAF-400')).toHaveLength(4);
    },
  );

  it.each(['paced', 'backlog'] as const)(
    'given an OTAA counter wrap, then LAF-011 and not LAF-006 (%s)',
    async (mode) => {
      const alerts = await run(mode, 9, ['counter-wrap']);
      expect(codes(alerts)).toContain('LAF-011');
      expect(codes(alerts)).not.toContain('LAF-006');
    },
  );
});

interface Scenario {
  packets: Packet[];
  start: number;
  end: number;
}

/**
 * Real frames of the TTN session (DevAddr 26012e43, its published keys): device A uses the address for an hour, then,
 * an hour later, device B for an hour (the network gave the address again), each frame heard by two gateways;
 * meanwhile an ABP device (the lora-packet vectors' DevAddr 49be7df1) sends on its own. A and B get DevEUIs that the
 * packet log puts on partitions 3 and 2, as in the issue.
 */
function sharedAddressScenario(): Scenario & {
  deviceA: string;
  deviceB: string;
  partitionOf: (devEui: string) => number;
} {
  const partitionOf = (devEui: string) => partitionForKey(`${DATA_SOURCE}:${devEui}`, PARTITIONS);
  const pick = (partition: number, prefix: string) => {
    for (let n = 0; n < 256; n++) {
      const devEui = `${prefix}${n.toString(16).padStart(2, '0')}`;
      if (partitionOf(devEui) === partition) return devEui;
    }
    throw new Error(`no DevEUI on partition ${partition}`);
  };
  const deviceA = pick(3, '70b3d549900000');
  const deviceB = pick(2, '70b3d549900001');
  const abp = pick(1, '70b3d549900002');
  const gateways = ['aa555a0000000101', 'aa555a0000000102'];
  const ownedBy =
    (devEui: string) =>
    (packet: Packet): Packet => ({ ...packet, devEui, devEuiInferred: true });
  const packets: Packet[] = [];
  const period = 300;
  for (let i = 0; i < 12; i++) {
    const seconds = i * period;
    for (const [g, gateway] of gateways.entries()) {
      packets.push(ownedBy(deviceA)(ttnUplink(100 + i, gateway, seconds + g * 0.2)));
      packets.push(ownedBy(deviceB)(ttnUplink(1 + i, gateway, 2 * 3600 + seconds + g * 0.2)));
      packets.push(ownedBy(abp)(abpUplink(10 + i, gateway, 30 + seconds * 3 + g * 0.2)));
    }
  }
  packets.push(ownedBy(deviceA)(ttnDownlink(7, gateways[0], 301)));
  packets.push(ownedBy(deviceB)(ttnDownlink(2, gateways[0], 2 * 3600 + 301)));
  packets.sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  // Sent with an organisation and data source of the scenario: the frames keep their own dates.
  const dated = packets.map((packet) => ({ ...packet, dataSourceId: DATA_SOURCE, receivedAt: packet.date }));
  const start = Date.parse(dated[0].date);
  const end = Date.parse(dated[dated.length - 1].date);
  return { packets: dated, start, end, deviceA, deviceB, partitionOf };
}

/**
 * One gateway moved while two devices on two partitions (3 and 2) use it, real frames: the home device (the TTN
 * session) is heard every `period` seconds (5 min) for its first hour by the roof gateway at its first position and by the mast gateway;
 * the mast gateway then falls silent, and the other device (the lora-packet ABP session) is heard as often for two
 * more hours by the roof gateway 111 m further north. Partition 2 carries the newer frames, partition 3 the older.
 */
function movedGatewayScenario(period = 300): Scenario & {
  home: string;
  moved: string;
  roof: string;
  mast: string;
  from: Record<string, number>;
  partitionOf: (devEui: string) => number;
} {
  const partitionOf = (devEui: string) => partitionForKey(`${DATA_SOURCE}:${devEui}`, PARTITIONS);
  const pick = (partition: number, prefix: string) => {
    for (let n = 0; n < 256; n++) {
      const devEui = `${prefix}${n.toString(16).padStart(2, '0')}`;
      if (partitionOf(devEui) === partition) return devEui;
    }
    throw new Error(`no DevEUI on partition ${partition}`);
  };
  const home = pick(3, '70b3d549900003');
  const moved = pick(2, '70b3d549900004');
  const roof = 'aa555a0000000201';
  const mast = 'aa555a0000000202';
  const site = { latitude: 48.85837, longitude: 2.294481 };
  const north = { latitude: site.latitude + 0.001, longitude: site.longitude };
  const mastSite = { latitude: 48.8606, longitude: 2.3376 };
  const packets: Packet[] = [];
  for (let i = 0; i < 3600 / period; i++) {
    const seconds = i * period;
    packets.push({ ...ttnUplink(100 + i, roof, seconds), devEui: home, devEuiInferred: true, ...site });
    packets.push({
      ...ttnUplink(100 + i, mast, seconds + 0.2),
      devEui: home,
      devEuiInferred: true,
      ...mastSite,
    });
  }
  for (let i = 0; i < 7200 / period; i++) {
    const seconds = 3600 + i * period;
    packets.push({ ...abpUplink(10 + i, roof, seconds), devEui: moved, devEuiInferred: true, ...north });
  }
  packets.sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  const dated = packets.map((packet) => ({ ...packet, dataSourceId: DATA_SOURCE, receivedAt: packet.date }));
  return {
    packets: dated,
    start: Date.parse(dated[0].date),
    end: Date.parse(dated[dated.length - 1].date),
    home,
    moved,
    roof,
    mast,
    from: {
      old_latitude: site.latitude,
      old_longitude: site.longitude,
      new_latitude: north.latitude,
      new_longitude: north.longitude,
    },
    partitionOf,
  };
}

/** The simulated network (real frames), in which the first data downlink is published again 12 s later. */
function replayedDownlinkScenario(): Scenario {
  const simulator = new NetworkSimulator({ devices: 40, gateways: 2, seed: 11, uplinkPeriodSeconds: 40 });
  const messages: SimMessage[] = [];
  while (messages.length < 3000) {
    for (const message of simulator.next()) if (!message.retain) messages.push(message);
  }
  const parse = createChirpstackV3Parser();
  const probe = (message: SimMessage) => packetsOf(parse, message, message.at.toISOString());
  const original = messages.find(
    (message) =>
      message.kind === 'downlink' && probe(message).some((packet) => packet.mType.endsWith('DataDown')),
  );
  if (original === undefined) throw new Error('the simulated network sent no data downlink');
  const at = new Date(original.at.getTime() + 12_000);
  const index = messages.findIndex((message) => message.at >= at);
  const body = JSON.parse(original.payload.toString()) as Record<string, unknown>;
  const republished = { ...body, token: Number(body.token ?? 0) + 1, downlinkID: 'AAAAAAAAAAAAAAAAAAAAAA==' };
  const replay: SimMessage = { ...original, payload: Buffer.from(JSON.stringify(republished)), at };
  const all = [...messages.slice(0, index), replay, ...messages.slice(index)];
  const read = createChirpstackV3Parser();
  const packets = all.flatMap((message) => packetsOf(read, message, message.at.toISOString()));
  return { packets, start: all[0].at.getTime(), end: all[all.length - 1].at.getTime() };
}

/**
 * 4 OTAA devices rejoining daily, 2 gateways, no application events: what a TTN v3 source delivers. Parsed as the
 * collector would (join-accept correlator, DevAddr book), received as sent or all at once one hour after the end.
 */
function gatewayTrafficAlone(days: number, attacks: AttackKind[], mode: 'backlog' | null): Scenario {
  const simulator = new NetworkSimulator({
    devices: 4,
    gateways: 2,
    seed: 7,
    uplinkPeriodSeconds: 1800,
    rejoinPeriodSeconds: 86_400,
    attacks,
    attackIntervalSeconds: 2 * 86_400,
    applicationEvents: false,
  });
  const start = simulator.startTime.getTime();
  const end = start + days * DAY;
  const messages: SimMessage[] = [];
  for (;;) {
    const batch = simulator.next().filter((message) => !message.retain);
    if (batch.length > 0 && batch[0].at.getTime() > end) break;
    messages.push(...batch);
  }
  const parse = createChirpstackV3Parser(new JoinAcceptCorrelator(), new DeviceAddressBook());
  const readAt = new Date(end + HOUR).toISOString();
  const packets = messages.flatMap((message) =>
    packetsOf(parse, message, mode === 'backlog' ? readAt : message.at.toISOString()),
  );
  return { packets, start, end };
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

async function connectDataSource(
  store: SqliteReadStore,
  items: PolicyItem[],
  connectedAt: string,
): Promise<void> {
  const docs: Array<[string, Doc & Record<string, unknown>]> = [
    [POLICIES.name, { id: '1', policyId: 1, organizationId: null, name: 'Scenario', isDefault: true, items }],
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
