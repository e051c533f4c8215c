import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { MqttClient } from 'mqtt';
import { KafkaPacketLog } from '@lorawatch/packet-log/kafka/kafka-packet-log';
import type { DemoBroker } from '@lorawatch/simulator/demo-broker';
import type { SimMessage } from '@lorawatch/simulator/sim-event';
import type { ScaleOutSizes } from '../options';
import type { ScenarioReport, Table } from '../record';
import { kafkaBrokerStatus, startKafkaBroker, type BenchKafka } from '../support/kafka-broker';
import { connect, isFrame, publishAll, settledWithin, startBroker } from '../support/mqtt';
import { readAlertCodes, readPipelineProgress, type PacketLogEnds } from '../support/pipeline-progress';
import { BenchServer, type ServerApp } from '../support/server';
import { int, percent, secondsSince, until } from '../support/stats';
import { problemsNote, scratchDir, type ScenarioContext } from './context';
import { ingestTraffic } from './ingest';

const TITLE = 'Scale-out on a Kafka broker: one and two collectors, three detectors, beside the standalone';
/** The format of the traffic: ChirpStack v3 JSON, a format of scenario (a) with a target there. */
const FORMAT = 'chirpstack-v3';
const CHIRPSTACK_V3 = 1;
const PARTITIONS = 4;
/** Lease time of the collectors: short, so that two collectors share the two data sources within seconds. */
const LEASE_SECONDS = 10;

export type TopologyId = 'standalone' | 'one-collector' | 'two-collectors';

export interface Topology {
  id: TopologyId;
  /** Collector processes, each collecting one data source (0: the standalone collects in its own process). */
  collectors: number;
  /** Detector processes (0: the standalone detects in its own process). */
  detectors: number;
}

export function topologies(detectors: number): Topology[] {
  return [
    { id: 'standalone', collectors: 0, detectors: 0 },
    { id: 'one-collector', collectors: 1, detectors },
    { id: 'two-collectors', collectors: 2, detectors },
  ];
}

export function topologyLabel(topology: Topology): string {
  if (topology.collectors === 0) return 'standalone, embedded packet log';
  const collectors = `${topology.collectors} collector${topology.collectors === 1 ? '' : 's'}`;
  const detectors = `${topology.detectors} detector${topology.detectors === 1 ? '' : 's'}`;
  return `${collectors} + ${detectors} + projector + api, Kafka`;
}

/** Node processes of a topology. */
export const processCount = (topology: Topology): number =>
  topology.collectors === 0 ? 1 : topology.collectors + topology.detectors + 2;

/** Data sources (each on its own MQTT broker, fed its share of the traffic). */
export const dataSourceCount = (topology: Topology): number => Math.max(1, topology.collectors);

/** The gateway a message comes from, read from its topic (`…/gateway/<id>/…`); null when the topic names none. */
export function gatewayOfTopic(topic: string): string | null {
  const parts = topic.split('/');
  const index = parts.indexOf('gateway');
  return index >= 0 && index + 1 < parts.length && parts[index + 1] !== '' ? parts[index + 1] : null;
}

/**
 * The traffic of one network split into `parts` networks by gateway, as two network servers would each see their
 * own gateways: the gateways are dealt in turn in sorted order, a message goes with its gateway's part (those naming
 * none with the first), in the order it came. Every message lands in exactly one part.
 */
export function splitByGateway(messages: readonly SimMessage[], parts: number): SimMessage[][] {
  if (!Number.isInteger(parts) || parts < 1)
    throw new RangeError(`parts must be a positive integer (${parts})`);
  const gateways = [
    ...new Set(messages.map((m) => gatewayOfTopic(m.topic)).filter((g): g is string => g !== null)),
  ];
  gateways.sort();
  const partOf = new Map(gateways.map((gateway, index) => [gateway, index % parts]));
  const split: SimMessage[][] = Array.from({ length: parts }, () => []);
  for (const message of messages) {
    const gateway = gatewayOfTopic(message.topic);
    split[gateway === null ? 0 : (partOf.get(gateway) ?? 0)].push(message);
  }
  return split;
}

export interface TopologyResult {
  topology: Topology;
  frames: number;
  /** First publish → every frame in the packet log. */
  logSeconds: number;
  /** First publish → every frame through the detectors and every raised alert in the alerts read model. */
  seconds: number;
  /** Alerts in the alerts read model at the end (through the api). */
  alerts: number;
  /** Alerts raised at the end, by code (from the event store). */
  alertCodes: ReadonlyMap<string, number>;
  /** Peak of the resident memory summed over the topology's node processes, MB. */
  peakRssMb: number;
  /** Peak resident memory of the Kafka broker, MB; null without one. */
  brokerPeakRssMb: number | null;
}

/** `LAF-001 15, LAF-003 19`: alert codes in order, each with its count. */
export function codesText(codes: ReadonlyMap<string, number>): string {
  const entries = [...codes].sort(([a], [b]) => a.localeCompare(b));
  return entries.length === 0 ? 'none' : entries.map(([code, count]) => `${code} ${int(count)}`).join(', ');
}

/** The AppKey audit's alert codes: the timing does not wait for the audit, so they may come after it. */
export const AUDIT_CODES: readonly string[] = ['LAF-008', 'LAF-009'];

/**
 * A sentence for the record when a topology with one data source, as the standalone's, raised other alerts than
 * the standalone on the same traffic (detection runs on event time: they should not differ), the audit's codes
 * apart; null when they agree or there is nothing to compare. Two data sources see the network split, which
 * changes what is detected by construction: those topologies are not compared.
 */
export function alertDifferences(results: readonly TopologyResult[]): string | null {
  const reference = results.find((result) => result.topology.collectors === 0);
  if (!reference) return null;
  const differing: string[] = [];
  for (const result of results) {
    if (result === reference || dataSourceCount(result.topology) !== 1) continue;
    const codes = [...new Set([...reference.alertCodes.keys(), ...result.alertCodes.keys()])]
      .filter((code) => !AUDIT_CODES.includes(code))
      .sort();
    const changes = codes
      .filter((code) => (reference.alertCodes.get(code) ?? 0) !== (result.alertCodes.get(code) ?? 0))
      .map(
        (code) =>
          `${code} ${int(result.alertCodes.get(code) ?? 0)} (standalone ${int(reference.alertCodes.get(code) ?? 0)})`,
      );
    if (changes.length > 0) differing.push(`${topologyLabel(result.topology)}: ${changes.join(', ')}`);
  }
  return differing.length === 0
    ? null
    : `The alerts raised by the end of the timing differ from the standalone's on the same traffic: ${differing.join('; ')}.`;
}

/** The Kafka client's own log lines (kafkajs logs retriable broker answers at error level) apart from the others. */
export function clientNoise(lines: readonly string[]): { client: number; kinds: string[]; other: string[] } {
  const client = lines.filter((line) => line.includes('"logger":"kafkajs"'));
  const kinds = new Set<string>();
  for (const line of client) {
    const match = /"error":"([^"]+)"/.exec(line);
    if (match) kinds.add(match[1]);
  }
  return { client: client.length, kinds: [...kinds], other: lines.filter((line) => !client.includes(line)) };
}

/** The table of the record: one row per topology measured, the standalone as the reference. */
export function scaleOutTable(results: readonly TopologyResult[]): Table {
  const reference = results.find((result) => result.topology.collectors === 0) ?? null;
  const rate = (result: TopologyResult) => result.frames / result.seconds;
  return {
    columns: [
      { title: 'topology' },
      { title: 'node processes', align: 'right' },
      { title: 'frames', align: 'right' },
      { title: '→ packet log frames/s', align: 'right' },
      { title: '→ alerts read model frames/s', align: 'right' },
      { title: 'vs standalone', align: 'right' },
      { title: 'alerts', align: 'right' },
      { title: 'raised, by code' },
      { title: 'peak RSS, node processes summed', align: 'right' },
      { title: 'Kafka broker peak RSS', align: 'right' },
    ],
    rows: results.map((result) => [
      topologyLabel(result.topology),
      int(processCount(result.topology)),
      int(result.frames),
      int(result.frames / result.logSeconds),
      int(rate(result)),
      reference ? percent(rate(result) / rate(reference)) : '–',
      int(result.alerts),
      codesText(result.alertCodes),
      `${int(result.peakRssMb)} MB`,
      result.brokerPeakRssMb === null ? '–' : `${int(result.brokerPeakRssMb)} MB`,
    ]),
  };
}

/**
 * How each process is started, for the record (addresses, folders and secrets as placeholders): the standalone of
 * (1), then the broker and the processes of the largest Kafka topology (the others start the first collectors only).
 */
export function commandsTable(sizes: Pick<ScaleOutSizes, 'detectors'>): Table {
  const largest = topologies(sizes.detectors).reduce((a, b) => (b.collectors > a.collectors ? b : a));
  const shared = 'DATA_DIR=<scratch> KAFKA_BROKERS=127.0.0.1:<port> JWT_SECRET=<hex> SECRET_KEY=<hex> DEMO=0';
  const rows: string[][] = [
    ['(1) standalone', 'DATA_DIR=<scratch> DEMO=0 node dist/apps/standalone/main.js'],
    [
      'Kafka broker',
      'scripts/kafka-broker.sh start --dir <scratch>/kafka --port <port> (then stop <scratch>/kafka)',
    ],
    ['projector', `${shared} INSTANCE_ID=projector node dist/apps/projector/main.js`],
    ['api', `${shared} INSTANCE_ID=api node dist/apps/api/main.js`],
  ];
  for (let index = 1; index <= largest.collectors; index++) {
    rows.push([
      `collector ${index}${index > 1 ? ' (3 only)' : ''}`,
      `${shared} INSTANCE_ID=collector-${index} COLLECTOR_LEASE_SECONDS=${LEASE_SECONDS} node dist/apps/collector/main.js`,
    ]);
  }
  for (let index = 1; index <= largest.detectors; index++) {
    rows.push([
      `detector ${index}`,
      `${shared} INSTANCE_ID=detector-${index} node dist/apps/detector/main.js`,
    ]);
  }
  return {
    caption:
      'How each process starts (in this order; ADMIN_USERNAME and ADMIN_PASSWORD as well, LOG_LEVEL=warn)',
    columns: [{ title: 'process' }, { title: 'command' }],
    rows,
  };
}

interface Named {
  name: string;
  server: BenchServer;
}

/** One topology running on a fresh data directory (and, on Kafka, a fresh broker). */
interface Deployment {
  api: BenchServer;
  processes: Named[];
  collectors: BenchServer[];
  database: string;
  packetLog: (PacketLogEnds & { close(): Promise<void> }) | null;
  kafka: BenchKafka | null;
  /** Stops everything and deletes the data; returns the error lines the processes logged. */
  close(): Promise<string[]>;
}

async function deploy(context: ScenarioContext, topology: Topology): Promise<Deployment> {
  const scratch = scratchDir('scale-out');
  const processes: Named[] = [];
  let kafka: BenchKafka | null = null;
  let packetLog: KafkaPacketLog | null = null;
  const close = async (): Promise<string[]> => {
    await packetLog?.close().catch(() => undefined);
    await Promise.all(processes.map(({ server }) => server.stop()));
    const problems = processes.flatMap(({ name, server }) =>
      server.problems().map((line) => (processes.length > 1 ? `[${name}] ${line}` : line)),
    );
    await kafka?.stop().catch((error: unknown) => context.log(`(g) stopping the broker: ${String(error)}`));
    scratch.remove();
    return problems;
  };
  try {
    if (topology.collectors === 0) {
      const server = await BenchServer.start({ dataDir: scratch.path });
      processes.push({ name: 'standalone', server });
      return {
        api: server,
        processes,
        collectors: [],
        database: join(scratch.path, 'lorawatch.db'),
        packetLog: null,
        kafka: null,
        close,
      };
    }
    kafka = await startKafkaBroker(join(scratch.path, 'kafka'));
    context.log(`(g) Kafka broker on ${kafka.brokers}, serving after ${(kafka.startMs / 1000).toFixed(1)} s`);
    const env = {
      KAFKA_BROKERS: kafka.brokers,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SECRET_KEY: randomBytes(32).toString('hex'),
      PACKET_LOG_PARTITIONS: String(PARTITIONS),
    };
    const start = async (name: string, app: ServerApp, extra: Record<string, string> = {}) => {
      const server = await BenchServer.start({
        app,
        dataDir: scratch.path,
        logName: `${name}.log`,
        env: { ...env, INSTANCE_ID: name, ...extra },
      });
      processes.push({ name, server });
      return server;
    };
    await start('projector', 'projector');
    const api = await start('api', 'api');
    const collectors: BenchServer[] = [];
    for (let index = 1; index <= topology.collectors; index++) {
      collectors.push(
        await start(`collector-${index}`, 'collector', { COLLECTOR_LEASE_SECONDS: String(LEASE_SECONDS) }),
      );
    }
    for (let index = 1; index <= topology.detectors; index++) await start(`detector-${index}`, 'detector');
    packetLog = await KafkaPacketLog.open({
      brokers: [kafka.brokers],
      clientId: 'lorawatch-bench',
      partitions: PARTITIONS,
    });
    return {
      api,
      processes,
      collectors,
      database: join(scratch.path, 'lorawatch.db'),
      packetLog,
      kafka,
      close,
    };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

/** What each collector process collects, from its /health. */
async function collecting(collectors: readonly BenchServer[]): Promise<number[][]> {
  return Promise.all(
    collectors.map(async (collector) => {
      const response = await fetch(`${collector.base}/health`, { signal: AbortSignal.timeout(5000) });
      const health = (await response.json()) as { details?: { collecting?: number[] } };
      return health.details?.collecting ?? [];
    }),
  );
}

interface Feed {
  broker: DemoBroker;
  publisher: MqttClient;
  messages: SimMessage[];
}

async function measureTopology(
  context: ScenarioContext,
  topology: Topology,
  traffic: readonly SimMessage[],
  timeoutMs: number,
  problems: string[],
): Promise<TopologyResult> {
  const label = topologyLabel(topology);
  context.log(`(g) ${label}: starting ${processCount(topology)} process(es)`);
  const deployment = await deploy(context, topology);
  const feeds: Feed[] = [];
  try {
    const { api, database } = deployment;
    const policyId = await api.everyDetectorPolicy();
    for (const messages of splitByGateway(traffic, dataSourceCount(topology))) {
      const broker = await startBroker();
      feeds.push({ broker, publisher: await connect(broker.port, 'scale-out-publisher'), messages });
      await api.addDataSource(
        { data_collector_type_id: CHIRPSTACK_V3, ip: '127.0.0.1', port: broker.port },
        policyId,
      );
    }
    if (deployment.collectors.length > 1) {
      await until(
        async () => (await collecting(deployment.collectors)).every((held) => held.length === 1),
        60_000 + 3 * LEASE_SECONDS * 1000,
        'each collector to collect one data source',
        250,
      );
    }
    const frames = traffic.filter(isFrame).length;
    const base = await readPipelineProgress(database, PARTITIONS, deployment.packetLog ?? undefined);
    const rss = () => deployment.processes.reduce((sum, { server }) => sum + server.rssMb(), 0);
    let peakRssMb = rss();
    let brokerPeakRssMb = deployment.kafka ? deployment.kafka.rssMb() : null;
    let logSeconds = 0;
    const started = process.hrtime.bigint();
    const publishing = Promise.all(feeds.map((feed) => publishAll(feed.publisher, feed.messages)));
    await until(
      async () => {
        const exited = deployment.processes.find(({ server }) => !server.running);
        if (exited) throw new Error(`the ${exited.name} exited:\n${exited.server.logTail()}`);
        peakRssMb = Math.max(peakRssMb, rss());
        if (deployment.kafka) brokerPeakRssMb = Math.max(brokerPeakRssMb ?? 0, deployment.kafka.rssMb());
        const progress = await readPipelineProgress(database, PARTITIONS, deployment.packetLog ?? undefined);
        if (logSeconds === 0 && progress.logged >= base.logged + frames) logSeconds = secondsSince(started);
        return (
          logSeconds > 0 &&
          progress.detected >= base.detected + frames &&
          progress.alertsProjected === progress.alertsRaised
        );
      },
      timeoutMs,
      `${label}: every frame through the pipeline`,
    );
    const seconds = secondsSince(started);
    if (!(await settledWithin(publishing)))
      context.log(`(g) ${label}: some publishes were never acknowledged`);
    const { count: alerts } = await api.call<{ count: number }>(
      'GET',
      '/api/v1.0/alerts/count?group_by=TOTAL',
    );
    const alertCodes = await readAlertCodes(database);
    context.log(
      `(g) ${label}: ${int(frames / logSeconds)} frames/s into the packet log, ${int(frames / seconds)} frames/s ` +
        `detected; peak RSS ${int(peakRssMb)} MB`,
    );
    return { topology, frames, logSeconds, seconds, alerts, alertCodes, peakRssMb, brokerPeakRssMb };
  } finally {
    for (const feed of feeds) {
      await feed.publisher.endAsync(true).catch(() => undefined);
      await feed.broker.close().catch(() => undefined);
    }
    const logged = await deployment.close();
    if (logged.length > 0) context.log(`(g) ${label}: the processes logged ${logged.length} error line(s)`);
    problems.push(...logged);
  }
}

function describeRun(sizes: ScaleOutSizes, frames: number | null): string[] {
  return [
    `The same simulated traffic in each topology: ${int(sizes.messages)} ChirpStack v3 JSON messages` +
      `${frames === null ? '' : ` (${int(frames)} frames)`} of the network of scenario (a) (${int(sizes.devices)} ` +
      `OTAA devices on 8 gateways, joins about every ${int(sizes.rejoinSeconds)} s of simulated time, join ` +
      'replays, DevNonce reuse and a weak AppKey), published at QoS 1 as fast as the MQTT brokers (aedes, in the ' +
      'benchmark process) take them, with a policy that enables every alert type. Topologies, each on a fresh data ' +
      'directory: (1) the standalone server, embedded packet log, as the reference; (2) one collector, ' +
      `${sizes.detectors} detector replicas, the projector and the api as separate processes, the packet log on a ` +
      'Kafka broker, the event and read stores embedded (one SQLite file shared by the processes); (3) the same ' +
      'with two collectors and two data sources, the traffic split between them by gateway (four gateways each), ' +
      'each collector holding the lease of one.',
    'Each Kafka topology has a fresh one-node broker (broker and controller) started with ' +
      '`scripts/kafka-broker.sh start` (Kafka 3.9.1 by default; the test settings: 512 MB heap, serial GC, C1 JIT ' +
      `only), a topic of ${PARTITIONS} partitions. Timed from the first publish until every frame is in the packet ` +
      "log (the topic's end offsets, or the embedded log's), then until the detectors have committed every frame " +
      'and every raised alert is in the alerts read model; memory is the peak, over that time, of the resident ' +
      'memory summed over the node processes (the broker apart). No target is set: figures only. The collectors ' +
      `run with ${LEASE_SECONDS} s leases so that two of them share two data sources within seconds. "Alerts" ` +
      'counts the alerts read model through the api at the end of the timing, "raised, by code" the event store ' +
      'then; as in scenario (a), the timing does not wait for the AppKey audit, whose alerts (LAF-008, LAF-009) ' +
      'may come later. Split between two data sources, the network of (3) gives other alerts by construction.',
  ];
}

/** Scenario (g): ingest throughput of the scale-out processes on a real Kafka broker, beside the standalone. */
export async function runScaleOut(context: ScenarioContext, sizes: ScaleOutSizes): Promise<ScenarioReport> {
  const report = (description: string[], tables: Table[], failure?: string): ScenarioReport => ({
    id: 'g',
    title: TITLE,
    stamp: context.stamp,
    description,
    tables,
    targets: [],
    ...(failure === undefined ? {} : { failure }),
  });
  const status = kafkaBrokerStatus();
  if (!status.ok) {
    context.log(`(g) not run: ${status.reason}`);
    return report([...describeRun(sizes, null), `Not run: ${status.reason}.`], []);
  }
  const traffic = ingestTraffic(
    {
      formats: [FORMAT],
      messages: sizes.messages,
      devices: sizes.devices,
      rejoinSeconds: sizes.rejoinSeconds,
    },
    FORMAT,
  );
  const frames = traffic.filter(isFrame).length;
  const timeoutMs = context.stamp.quick ? 180_000 : 1_800_000;
  const results: TopologyResult[] = [];
  const failures: string[] = [];
  const problems: string[] = [];
  for (const topology of topologies(sizes.detectors)) {
    try {
      results.push(await measureTopology(context, topology, traffic, timeoutMs, problems));
    } catch (error) {
      failures.push(`${topologyLabel(topology)}: ${(error as Error).message.split('\n')[0]}`);
      context.log(`(g) ${topologyLabel(topology)} failed: ${(error as Error).message}`);
    }
  }
  const noise = clientNoise(problems);
  const differences = alertDifferences(results);
  if (differences) context.log(`(g) ${differences}`);
  return report(
    [
      ...describeRun(sizes, frames),
      ...(differences ? [differences] : []),
      ...(noise.client > 0
        ? [
            `The Kafka client (kafkajs) in the processes logged ${int(noise.client)} line${noise.client === 1 ? '' : 's'} ` +
              `at error level meanwhile, broker answers it retries: ${
                noise.kinds
                  .slice(0, 4)
                  .map((kind) => `"${kind}"`)
                  .join(', ') || 'no error text'
              }.`,
          ]
        : []),
      ...problemsNote(context, '(g)', noise.other),
    ],
    [scaleOutTable(results), commandsTable(sizes)],
    failures.length > 0 ? failures.join('; ') : undefined,
  );
}
