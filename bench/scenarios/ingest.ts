import { join } from 'node:path';
import { readPipelineProgress } from '../support/pipeline-progress';
import { NetworkSimulator } from '@lorawatch/simulator/network-simulator';
import type { SimMessage } from '@lorawatch/simulator/sim-event';
import { ttnV3GatewayId } from '@lorawatch/simulator/ttn-v3-events';
import { startTtnV3Peer } from '@lorawatch/simulator/ttn-v3-peer';
import type { IngestFormat, IngestSizes } from '../options';
import { check, type ScenarioReport, type Table, type TargetCheck } from '../record';
import { connect, isFrame, publishAll, rawSeconds, settledWithin, startBroker } from '../support/mqtt';
import { BenchServer } from '../support/server';
import { goal, int, percent, secondsSince, until } from '../support/stats';
import { problemsNote, profileTables, scratchDir, type ScenarioContext } from './context';

/** The data-source type that reads each format, and whether the issue sets a target for it (the JSON ones). */
const FORMATS: Record<IngestFormat, { typeId: number; label: string; target: boolean }> = {
  'chirpstack-v3': { typeId: 1, label: 'ChirpStack v3, JSON', target: true },
  'chirpstack-v3-protobuf': { typeId: 1, label: 'ChirpStack v3, protobuf', target: false },
  'chirpstack-v4-json': { typeId: 4, label: 'ChirpStack v4, JSON', target: true },
  'chirpstack-v4-protobuf': { typeId: 4, label: 'ChirpStack v4, protobuf', target: false },
  'ttn-v3': { typeId: 3, label: 'The Things Stack v3 (events stream)', target: false },
};
const GATEWAYS = 8;
const TARGET_RATIO = 0.5;

/** How the benchmark feeds a network server's messages: an MQTT broker, or a TTN v3 events-stream server. */
interface Transport {
  /** The data-source fields that point at this transport. */
  dataSource: Record<string, unknown>;
  /** Seconds for a bare consumer to receive every message. */
  rawSeconds(messages: SimMessage[]): Promise<number>;
  publishAll(messages: SimMessage[]): Promise<void>;
  close(): Promise<void>;
}

async function mqttTransport(): Promise<Transport> {
  const broker = await startBroker();
  const publisher = await connect(broker.port, 'ingest-publisher');
  return {
    dataSource: { ip: '127.0.0.1', port: broker.port },
    rawSeconds: (messages) => rawSeconds(broker.port, messages),
    publishAll: (messages) => publishAll(publisher, messages),
    async close() {
      await publisher.endAsync(true);
      await broker.close();
    },
  };
}

const TTN_KEY = 'NNSXS.BENCHMARKKEY';

async function ttnV3Transport(): Promise<Transport> {
  const simulator = new NetworkSimulator({ devices: 1, gateways: GATEWAYS, seed: 42 });
  const gatewayIds = simulator.gatewayList().map((gateway) => ttnV3GatewayId(gateway));
  const peer = await startTtnV3Peer({ apiKeys: { [TTN_KEY]: gatewayIds }, historySize: 1 });
  const publish = async (messages: SimMessage[]) => {
    for (const [index, message] of messages.entries()) {
      peer.publish(JSON.parse(message.payload.toString()) as Record<string, unknown>);
      // Yield now and then so the stream's socket drains, as a live server would.
      if (index % 200 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return {
    dataSource: {
      custom_ip: true,
      ip: '127.0.0.1',
      port: peer.port,
      gateway_id: gatewayIds.join(','),
      gateway_api_key: TTN_KEY,
    },
    async rawSeconds(messages) {
      const response = await fetch(`${peer.url}/api/v3/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TTN_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          identifiers: gatewayIds.map((gateway_id) => ({ gateway_ids: { gateway_id } })),
        }),
      });
      const reader = response.body!.getReader();
      const started = process.hrtime.bigint();
      const publishing = publish(messages);
      let seen = 0;
      const decoder = new TextDecoder();
      while (seen < messages.length) {
        const { value, done } = await reader.read();
        if (done) break;
        seen += decoder.decode(value, { stream: true }).split('"result"').length - 1;
      }
      const seconds = secondsSince(started);
      await publishing;
      await reader.cancel();
      return seconds;
    },
    publishAll: publish,
    close: () => peer.close(),
  };
}

/**
 * Simulated traffic in one format: OTAA devices that join, rejoin now and then and send uplinks heard by 1–3
 * gateways, join accepts, gateway stats, and three attacks (join replay, DevNonce reuse, a device with a weak
 * AppKey) for the detectors and the audit to find. Retained messages (gateway connection state) are left out.
 */
export function ingestTraffic(sizes: IngestSizes, format: IngestFormat): SimMessage[] {
  const simulator = new NetworkSimulator({
    devices: sizes.devices,
    gateways: GATEWAYS,
    seed: 42,
    attacks: ['join-replay', 'devnonce-repeat', 'weak-key'],
    attackIntervalSeconds: 60,
    rejoinPeriodSeconds: sizes.rejoinSeconds,
    format,
  });
  const messages: SimMessage[] = [];
  while (messages.length < sizes.messages) {
    messages.push(...simulator.next().filter((message) => !message.retain));
  }
  return messages.slice(0, sizes.messages);
}

export interface IngestResult {
  format: IngestFormat;
  messages: number;
  frames: number;
  rawSeconds: number;
  /** First publish → every frame in the packet log. */
  logSeconds: number;
  /** First publish → every frame through the detectors and every alert raised in the alerts read model. */
  seconds: number;
  alerts: number;
  peakRssMb: number;
}

/** A server that ingests one or more formats in turn, each from its own data source. */
interface IngestHost {
  server: BenchServer;
  database: string;
  policyId: number;
  /** Stops the server; returns the error lines it logged. */
  close(): Promise<string[]>;
}

async function startHost(context: ScenarioContext, profileName: string): Promise<IngestHost> {
  const scratch = scratchDir('ingest');
  try {
    const server = await BenchServer.start({
      dataDir: scratch.path,
      profileDir: context.profileDir(profileName),
    });
    return {
      server,
      database: join(scratch.path, 'lorawatch.db'),
      policyId: await server.everyDetectorPolicy(),
      async close() {
        await server.stop();
        const problems = server.problems();
        scratch.remove();
        return problems;
      },
    };
  } catch (error) {
    scratch.remove();
    throw error;
  }
}

async function alertCount(server: BenchServer): Promise<number> {
  return (await server.call<{ count: number }>('GET', '/api/v1.0/alerts/count?group_by=TOTAL')).count;
}

async function measureFormat(
  context: ScenarioContext,
  sizes: IngestSizes,
  format: IngestFormat,
  timeoutMs: number,
  host: IngestHost,
): Promise<IngestResult> {
  const messages = ingestTraffic(sizes, format);
  const frames = messages.filter(isFrame).length;
  context.log(`(a) ${format}: ${int(messages.length)} messages (${int(frames)} frames)`);
  const transport = format === 'ttn-v3' ? await ttnV3Transport() : await mqttTransport();
  const { server, database } = host;
  let dataSourceId: number | null = null;
  try {
    // The faster of two passes: the first also warms up this process's MQTT code, as the server's is warm.
    const raw = Math.min(await transport.rawSeconds(messages), await transport.rawSeconds(messages));
    dataSourceId = await server.addDataSource(
      { data_collector_type_id: FORMATS[format].typeId, ...transport.dataSource },
      host.policyId,
    );
    const alertsBefore = await alertCount(server);
    const base = await readPipelineProgress(database);
    let peakRssMb = 0;
    let logSeconds = 0;
    const started = process.hrtime.bigint();
    const publishing = transport.publishAll(messages);
    await until(
      async () => {
        if (!server.running) throw new Error(`the server exited:\n${server.logTail()}`);
        peakRssMb = Math.max(peakRssMb, server.rssMb());
        const progress = await readPipelineProgress(database);
        if (logSeconds === 0 && progress.logged >= base.logged + frames) logSeconds = secondsSince(started);
        return (
          logSeconds > 0 &&
          progress.detected >= base.detected + frames &&
          progress.alertsProjected === progress.alertsRaised
        );
      },
      timeoutMs,
      `${format}: every frame through the pipeline`,
    );
    const seconds = secondsSince(started);
    if (!(await settledWithin(publishing)))
      context.log(`(a) ${format}: some publishes were never acknowledged`);
    const alerts = (await alertCount(server)) - alertsBefore;
    context.log(
      `(a) ${format}: raw ${int(messages.length / raw)} msgs/s, end to end ${int(frames / seconds)} frames/s (${percent(raw / seconds)})`,
    );
    return {
      format,
      messages: messages.length,
      frames,
      rawSeconds: raw,
      logSeconds,
      seconds,
      alerts,
      peakRssMb,
    };
  } finally {
    if (dataSourceId !== null && server.running) {
      await server.call('DELETE', `/api/v1.0/data_collectors/${dataSourceId}`).catch(() => undefined);
    }
    await transport.close();
  }
}

export function ingestTable(results: IngestResult[]): Table {
  return {
    columns: [
      { title: 'format' },
      { title: 'frames', align: 'right' },
      { title: 'broker → bare subscriber msgs/s', align: 'right' },
      { title: '→ packet log frames/s', align: 'right' },
      { title: '→ alerts read model frames/s', align: 'right' },
      { title: 'end to end / raw', align: 'right' },
      { title: 'alerts', align: 'right' },
      { title: 'server peak RSS', align: 'right' },
    ],
    rows: results.map((result) => [
      FORMATS[result.format].label,
      int(result.frames),
      int(result.messages / result.rawSeconds),
      int(result.frames / result.logSeconds),
      int(result.frames / result.seconds),
      percent(result.rawSeconds / result.seconds),
      int(result.alerts),
      `${int(result.peakRssMb)} MB`,
    ]),
  };
}

/** Scenario (a): ingest per format with every detector and the AppKey audit on. */
export async function runIngest(context: ScenarioContext, sizes: IngestSizes): Promise<ScenarioReport> {
  const results: IngestResult[] = [];
  const failures: string[] = [];
  const problems: string[] = [];
  const timeoutMs = context.stamp.quick ? 120_000 : 1_800_000;
  // One fresh server per format; a quick run shares one between the formats (a server start costs seconds).
  let shared: IngestHost | null = null;
  try {
    for (const format of sizes.formats) {
      let host: IngestHost | null = shared;
      try {
        host ??= await startHost(context, context.stamp.quick ? 'a' : `a-${format}`);
        if (context.stamp.quick) shared = host;
        results.push(await measureFormat(context, sizes, format, timeoutMs, host));
      } catch (error) {
        failures.push(`${format}: ${(error as Error).message.split('\n')[0]}`);
        context.log(`(a) ${format} failed: ${(error as Error).message}`);
      } finally {
        if (host && host !== shared) problems.push(...(await host.close()));
      }
    }
  } finally {
    if (shared) problems.push(...(await shared.close()));
  }
  const targets: TargetCheck[] = sizes.formats
    .filter((format) => FORMATS[format].target)
    .map((format) => {
      const result = results.find((candidate) => candidate.format === format);
      return check(
        `${FORMATS[format].label}: end to end / raw`,
        { atLeast: TARGET_RATIO },
        result ? result.rawSeconds / result.seconds : null,
        (ratio) => percent(ratio),
        goal.percent,
      );
    });
  return {
    id: 'a',
    title: 'Ingest per format, every detector and the AppKey audit on',
    stamp: context.stamp,
    description: [
      `Per format, ${int(sizes.messages)} messages of one simulated network (${int(sizes.devices)} OTAA devices on ` +
        `${GATEWAYS} gateways; every device joins, then again about every ${int(sizes.rejoinSeconds)} s of simulated ` +
        'time; uplinks heard by 1–3 gateways, join accepts, gateway stats; join replays, DevNonce reuse and a ' +
        'device with a weak AppKey), published at QoS 1 as fast as the broker (aedes, in the benchmark process) takes ' +
        'them. First the raw rate: the same broker delivering the same messages to a subscriber that does nothing ' +
        '(the faster of two passes). ' +
        (context.stamp.quick
          ? 'Then one standalone server for all formats in turn (own process, fresh data directory; per format a data ' +
            'source on that broker with a policy that enables every alert type): '
          : 'Then a fresh standalone server per format (own process, fresh data directory, a data source on that ' +
            'broker with a policy that enables every alert type): ') +
        'time from the first publish until every frame is in the packet log, ' +
        'then until the detectors have processed every frame and every raised alert is in the alerts read model.',
      '"End to end / raw" divides the time the bare subscriber needed by the time the server needed, i.e. the ' +
        "server's frames/s as a share of what the broker delivered in the same run.",
      ...problemsNote(context, '(a)', problems),
    ],
    tables: [
      ingestTable(results),
      ...(context.stamp.quick
        ? profileTables(context, 'a', 'Server CPU profile, every format')
        : sizes.formats.flatMap((format) =>
            profileTables(context, `a-${format}`, `Server CPU profile, ${FORMATS[format].label}`),
          )),
    ],
    targets,
    ...(failures.length > 0 ? { failure: failures.join('; ') } : {}),
  };
}

export const formatLabel = (format: IngestFormat) => FORMATS[format].label;
