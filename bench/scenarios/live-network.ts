import { join } from 'node:path';
import type { MqttClient } from 'mqtt';
import { io, type Socket } from 'socket.io-client';
import { readPipelineProgress, type PipelineProgress } from '../support/pipeline-progress';
import { NetworkSimulator } from '@lorawatch/simulator/network-simulator';
import type { SimMessage } from '@lorawatch/simulator/sim-event';
import type { LiveSizes } from '../options';
import { check, type ScenarioReport, type Table } from '../record';
import {
  BareSubscriber,
  connect,
  isFrame,
  mergeSchedules,
  publishAll,
  publishPaced,
  settledWithin,
  startBroker,
  steadyStream,
  type Scheduled,
} from '../support/mqtt';
import { auditsIdle, BenchServer, keyAuditMetrics } from '../support/server';
import { fixed, goal, int, ms, percent, quantile, sleep, until, withTimeout } from '../support/stats';
import { problemsNote, profileTables, scratchDir, type ScenarioContext } from './context';

const GATEWAYS = 8;
const FORMAT = 'chirpstack-v3';
/** Simulated time that covers every device's first join and its accept (joins fall within the first minute). */
const JOINS_SPAN_MS = 66_000;
/** Messages per device-uplink the simulated network publishes (gateway copies, accepts, acks, stats), measured. */
const MESSAGES_PER_UPLINK = 2.2;
const UPLINK_PERIOD_SECONDS = 60;
const SIMULATION_LEAD_MS = 24 * 3600_000;
/** LAF-003's default `max_duplicate_delay` (the benchmark's policy has no items, so defaults apply). */
const DUPLICATE_DELAY_MS = 10_000;
/** The alert an attack frame of scenario (c) raises: a replayed join request (the replay also shows DevNonce reuse). */
const ATTACK_ALERT = 'LAF-003';
const ALERTS_PAGE = '/api/v1.0/alerts?page=0&size=50';

const TARGET_INGEST_RATIO = 0.5;
const TARGET_PROBE_P95_MS = 50;
const TARGET_ALERT_P99_MS = 100;

interface NewAlertMessage {
  alert_id: number;
  alert?: { type?: string; parameters?: Record<string, unknown> };
}

/** The running network of scenarios (b) and (c), its broker, and the server that watches it. */
interface LiveNetwork {
  server: BenchServer;
  publisher: MqttClient;
  brokerPort: number;
  network: NetworkSimulator;
  database: string;
  /** Frames published so far (all phases). */
  framesPublished: number;
}

function timingsRow(what: string, samples: number[], failures: number): string[] {
  return [
    what,
    int(samples.length),
    ms(quantile(samples, 0.5)),
    ms(quantile(samples, 0.95)),
    ms(quantile(samples, 0.99)),
    ms(samples.length === 0 ? null : Math.max(...samples)),
    int(failures),
  ];
}

const timingColumns: Table['columns'] = [
  { title: 'path' },
  { title: 'samples', align: 'right' },
  { title: 'p50', align: 'right' },
  { title: 'p95', align: 'right' },
  { title: 'p99', align: 'right' },
  { title: 'max', align: 'right' },
  { title: 'failed', align: 'right' },
];

/** Waits until the packet log holds `frames` and every audit, detection and projection is done. */
async function settle(live: LiveNetwork, timeoutMs: number, what: string): Promise<PipelineProgress> {
  let progress: PipelineProgress | null = null;
  let idleTwice = 0;
  await until(
    async () => {
      if (!live.server.running) throw new Error(`the server exited:\n${live.server.logTail()}`);
      progress = await readPipelineProgress(live.database);
      const caughtUp =
        progress.logged >= live.framesPublished &&
        progress.detected >= progress.logged &&
        progress.alertsProjected === progress.alertsRaised;
      idleTwice = caughtUp && auditsIdle(await live.server.auditMetrics()) ? idleTwice + 1 : 0;
      return idleTwice >= 2;
    },
    timeoutMs,
    what,
    250,
  );
  return progress!;
}

interface AlertLatency {
  attacksPublished: number;
  /** Attack frames that repeat the previous replay within the duplicate delay: no alert of their own. */
  folded: number;
  /** Attack frames published whose alert (or, for the reference, whose delivery) had not come after a grace period. */
  missing: number;
  rawMissing: number;
  latencies: number[];
  rawLatencies: number[];
  seconds: number;
}

/** Scenario (c): MQTT publish of an attack frame → `new_alert` on an authorised Socket.IO client. */
async function measureAlertLatency(
  context: ScenarioContext,
  live: LiveNetwork,
  sizes: LiveSizes,
): Promise<AlertLatency> {
  const socket: Socket = io(live.server.base, { transports: ['websocket'], forceNew: true });
  // Listen before anything else is awaited: a socket that connects meanwhile would otherwise never be heard of.
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const bare = await BareSubscriber.start(live.brokerPort);
  try {
    await withTimeout(connected, 10_000, 'the websocket to connect');
    const answer = (await socket.timeout(10_000).emitWithAck('authorization', {
      token: await live.server.accessToken(),
    })) as { ok: boolean };
    if (!answer.ok) throw new Error('the websocket refused the access token');

    const pending = new Map<string, number[]>();
    const rawPending = new Map<string, number>();
    const latencies: number[] = [];
    const rawLatencies: number[] = [];
    const strays: string[] = [];
    const announced = new Set<number>();
    let repeated = 0;
    socket.on('new_alert', (message: NewAlertMessage) => {
      const at = performance.now();
      if (message.alert?.type !== ATTACK_ALERT) return;
      // An alert announced again (the server's announcer restarted) is not a new one.
      if (announced.has(message.alert_id)) {
        repeated++;
        return;
      }
      announced.add(message.alert_id);
      const devEui = String(message.alert?.parameters?.dev_eui ?? '').toLowerCase();
      const published = pending.get(devEui)?.shift();
      if (published === undefined) strays.push(`#${message.alert_id} of ${devEui}`);
      else latencies.push(at - published);
    });
    bare.onMessage((_topic, payload) => {
      if (rawPending.size === 0) return;
      const key = payload.toString('base64');
      const published = rawPending.get(key);
      if (published === undefined) return;
      rawPending.delete(key);
      rawLatencies.push(performance.now() - published);
    });

    let attacksPublished = 0;
    let folded = 0;
    const lastReplay = new Map<string, { at: number; topic: string }>();
    const stream = steadyStream(() => live.network.next(), sizes.alertRate);
    const run = publishPaced(live.publisher, stream, ({ message }, at) => {
      if (isFrame(message)) live.framesPublished++;
      if (message.attack !== 'join-replay' || message.devEui === null) return;
      attacksPublished++;
      rawPending.set(message.payload.toString('base64'), at);
      const devEui = message.devEui.toLowerCase();
      // A replay through another gateway within the duplicate delay of the previous one is one transmission with it
      // (LAF-003 counts it once): no alert of its own to wait for.
      const previous = lastReplay.get(devEui);
      lastReplay.set(devEui, { at: message.at.getTime(), topic: message.topic });
      if (
        previous &&
        previous.topic !== message.topic &&
        message.at.getTime() - previous.at <= DUPLICATE_DELAY_MS
      ) {
        folded++;
        return;
      }
      pending.set(devEui, [...(pending.get(devEui) ?? []), at]);
    });
    const limitMs = (context.stamp.quick ? 60 : 300) * 1000;
    while (latencies.length < sizes.alerts && performance.now() - run.startedAt < limitMs) await sleep(50);
    run.stop();
    await run.done;
    const seconds = (performance.now() - run.startedAt) / 1000;
    // The alerts of the last attack frames, for the count of frames that raised none: a few times the slowest so far.
    const slowest = Math.max(0, ...latencies);
    const grace = Date.now() + Math.min(Math.max(2000, 5 * slowest), context.stamp.quick ? 15_000 : 30_000);
    while ([...pending.values()].some((queue) => queue.length > 0) && Date.now() < grace) await sleep(100);
    if (latencies.length === 0) {
      throw new Error(
        `no alert arrived in ${fixed(seconds, 0)} s (${attacksPublished} attack frames published)`,
      );
    }
    context.log(
      `(c) ${latencies.length} alerts: p50 ${ms(quantile(latencies, 0.5))}, p99 ${ms(quantile(latencies, 0.99))}`,
    );
    const missing = [...pending.values()].reduce((sum, queue) => sum + queue.length, 0);
    if (missing > 0 || strays.length > 0 || repeated > 0) {
      const without = [...pending].filter(([, queue]) => queue.length > 0).map(([devEui]) => devEui);
      context.log(
        `(c) ${missing} attack frames without an alert (devices ${without.slice(0, 5).join(', ')}); ` +
          `${strays.length} alerts matching no attack frame (${strays.slice(0, 5).join(', ')}); ` +
          `${repeated} announced again`,
      );
    }
    return {
      attacksPublished,
      folded,
      missing,
      rawMissing: rawPending.size,
      latencies,
      rawLatencies,
      seconds,
    };
  } finally {
    socket.disconnect();
    await bare.close();
  }
}

interface Probe {
  samples: number[];
  failures: number;
}

async function probe(url: string, token: string | null, into: Probe): Promise<void> {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(120_000),
    });
    await response.arrayBuffer();
    if (response.status !== 200) into.failures++;
  } catch {
    into.failures++;
  }
  into.samples.push(performance.now() - started);
}

interface StormResult {
  stormMessages: number;
  windowSeconds: number;
  publishedMessages: number;
  publishedFrames: number;
  rawMessagesPerSecond: number;
  rawFramesPerSecond: number;
  loggedFramesPerSecond: number;
  health: Probe;
  alertsPage: Probe;
  /** From the storm's first message until every audit had finished; null if not within the wait. */
  auditsSeconds: number | null;
  auditCounters: Array<[string, number]>;
}

/** The messages of a schedule up to a time. */
function* takeUntil(schedule: Iterator<Scheduled>, endMs: number): Generator<Scheduled> {
  for (let next = schedule.next(); !next.done && next.value.atMs <= endMs; next = schedule.next())
    yield next.value;
}

/** Scenario (b): devices join in a burst while the running network keeps flowing. */
async function measureJoinStorm(
  context: ScenarioContext,
  live: LiveNetwork,
  sizes: LiveSizes,
): Promise<StormResult> {
  const stormNetwork = new NetworkSimulator({
    devices: sizes.stormDevices,
    gateways: GATEWAYS,
    seed: 4242,
    startTime: live.network.now,
    format: FORMAT,
  });
  const stormStart = stormNetwork.startTime.getTime();
  const windowMs = sizes.stormSeconds * 1000;
  const storm: Scheduled[] = [];
  while (stormNetwork.now.getTime() - stormStart <= JOINS_SPAN_MS) {
    for (const message of stormNetwork.next()) {
      const offset = message.at.getTime() - stormStart;
      if (message.retain || offset > JOINS_SPAN_MS) continue;
      storm.push({ atMs: (offset / JOINS_SPAN_MS) * windowMs, message });
    }
  }
  storm.sort((a, b) => a.atMs - b.atMs);
  context.log(
    `(b) ${int(sizes.stormDevices)} devices join within ${sizes.stormSeconds} s (${int(storm.length)} messages) beside ${int(sizes.rate)} msgs/s`,
  );

  const bare = await BareSubscriber.start(live.brokerPort);
  const token = await live.server.accessToken();
  const before = keyAuditMetrics(await live.server.auditMetrics());
  try {
    const start = await readPipelineProgress(live.database);
    const rawAtStart = bare.received;
    let windowMessages = 0;
    let windowFrames = 0;
    // The running network flows during the storm only; then the benchmark waits, the network quiet, for the audits
    // (under a steady flow of frames the audit's lag is never zero at the moment of a scrape).
    const schedule = mergeSchedules(
      takeUntil(
        steadyStream(() => live.network.next(), sizes.rate),
        windowMs,
      ),
      storm.values(),
    );
    const run = publishPaced(live.publisher, schedule, ({ message }) => {
      windowMessages++;
      if (!isFrame(message)) return;
      live.framesPublished++;
      windowFrames++;
    });
    const health: Probe = { samples: [], failures: 0 };
    const alertsPage: Probe = { samples: [], failures: 0 };
    const probes: Array<Promise<void>> = [];
    const windowEnd = run.startedAt + windowMs;
    for (let next = run.startedAt; next < windowEnd; next += sizes.probeMs) {
      await sleep(Math.max(0, next - performance.now()));
      probes.push(probe(`${live.server.base}/health`, null, health));
      probes.push(probe(`${live.server.base}${ALERTS_PAGE}`, token, alertsPage));
    }
    await sleep(Math.max(0, windowEnd - performance.now()));
    const rawInWindow = bare.received - rawAtStart;
    const end = await readPipelineProgress(live.database);
    const windowSeconds = (performance.now() - run.startedAt) / 1000;

    // Every audit finished: the storm's frames are all stored and the audit has nothing queued or running.
    await run.done;
    let auditsSeconds: number | null = null;
    const deadline = run.startedAt + windowMs + sizes.auditWaitSeconds * 1000;
    let idle = 0;
    while (performance.now() < deadline) {
      if (!live.server.running) throw new Error(`the server exited:\n${live.server.logTail()}`);
      const progress = await readPipelineProgress(live.database);
      const stored = progress.logged >= start.logged + windowFrames;
      idle = stored && auditsIdle(await live.server.auditMetrics()) ? idle + 1 : 0;
      if (idle === 1) auditsSeconds = (performance.now() - run.startedAt) / 1000;
      if (idle >= 2) break;
      if (idle === 0) auditsSeconds = null;
      await sleep(250);
    }
    if (idle < 2) auditsSeconds = null;
    await Promise.all(probes);
    const after = keyAuditMetrics(await live.server.auditMetrics());
    const auditCounters = [...after]
      .filter(([name]) => name.endsWith('_total'))
      .map(([name, value]): [string, number] => [name, value - (before.get(name) ?? 0)]);
    const rawMessagesPerSecond = rawInWindow / windowSeconds;
    const result: StormResult = {
      stormMessages: storm.length,
      windowSeconds,
      publishedMessages: windowMessages,
      publishedFrames: windowFrames,
      rawMessagesPerSecond,
      rawFramesPerSecond: rawMessagesPerSecond * (windowFrames / Math.max(1, windowMessages)),
      loggedFramesPerSecond: (end.logged - start.logged) / windowSeconds,
      health,
      alertsPage,
      auditsSeconds,
      auditCounters,
    };
    context.log(
      `(b) ingest ${int(result.loggedFramesPerSecond)} frames/s of ${int(result.rawFramesPerSecond)} raw; ` +
        `/health p95 ${ms(quantile(health.samples, 0.95))}, alerts p95 ${ms(quantile(alertsPage.samples, 0.95))}; ` +
        `audits done ${auditsSeconds === null ? 'not within the wait' : `after ${fixed(auditsSeconds, 1)} s`}`,
    );
    return result;
  } finally {
    await bare.close();
  }
}

function stormReport(
  context: ScenarioContext,
  sizes: LiveSizes,
  result: StormResult | null,
  note: string[],
): ScenarioReport {
  const ratio = result ? result.loggedFramesPerSecond / result.rawFramesPerSecond : null;
  const tables: Table[] = [];
  if (result) {
    tables.push({
      columns: [{ title: 'during the storm' }, { title: 'figure', align: 'right' }],
      rows: [
        [
          'messages published (running network and joins)',
          `${int(result.publishedMessages / result.windowSeconds)} msgs/s`,
        ],
        ['broker → bare subscriber', `${int(result.rawMessagesPerSecond)} msgs/s`],
        ['frames published', `${int(result.publishedFrames / result.windowSeconds)} frames/s`],
        ['broker → bare subscriber, frames', `${int(result.rawFramesPerSecond)} frames/s`],
        ['MQTT → packet log', `${int(result.loggedFramesPerSecond)} frames/s`],
        ['packet log / raw', percent(ratio)],
        [
          'every audit finished, from the first join',
          result.auditsSeconds === null
            ? `not within ${int(sizes.auditWaitSeconds)} s`
            : `${fixed(result.auditsSeconds, 1)} s`,
        ],
        ...result.auditCounters.map(([name, value]): string[] => [
          `\`${name}\` (increase)`,
          // A counter that went back: the part of the server that audits started again during the storm.
          value < 0 ? 'reset (restarted)' : int(value),
        ]),
      ],
    });
    tables.push({
      caption: `Probes every ${sizes.probeMs} ms during the storm (signed in for the alerts page)`,
      columns: timingColumns,
      rows: [
        timingsRow('`GET /health`', result.health.samples, result.health.failures),
        timingsRow(`\`GET ${ALERTS_PAGE}\``, result.alertsPage.samples, result.alertsPage.failures),
      ],
    });
  }
  tables.push(...profileTables(context, 'bc', 'Server CPU profile (warm-up, (c) and (b))'));
  return {
    id: 'b',
    title: 'Join storm',
    stamp: context.stamp,
    description: [
      `A ChirpStack v3 (JSON) network of ${int(sizes.devices)} devices on ${GATEWAYS} gateways runs at ` +
        `${int(sizes.rate)} messages/s against a standalone server with every detector and the AppKey audit on ` +
        '(its devices joined and were audited beforehand). Then ' +
        `${int(sizes.stormDevices)} new devices send their first join requests, and their join accepts follow, ` +
        `within ${sizes.stormSeconds} s, while the running network keeps flowing. Then the network goes quiet and ` +
        "the benchmark waits until every audit has finished, which it reads from the server's `/metrics` (the " +
        "audit's lag and queue depth). " +
        'The raw reference is a bare subscriber on the same broker during the same seconds.',
      ...note,
    ],
    tables,
    targets: [
      check('ingest during the storm / raw', { atLeast: TARGET_INGEST_RATIO }, ratio, percent, goal.percent),
      check(
        'p95 of `GET /health` during the storm',
        { atMost: TARGET_PROBE_P95_MS },
        result ? quantile(result.health.samples, 0.95) : null,
        (value) => `${fixed(value, 1)} ms`,
        goal.ms,
      ),
      check(
        'p95 of the first alerts page during the storm',
        { atMost: TARGET_PROBE_P95_MS },
        result ? quantile(result.alertsPage.samples, 0.95) : null,
        (value) => `${fixed(value, 1)} ms`,
        goal.ms,
      ),
    ],
  };
}

function latencyReport(
  context: ScenarioContext,
  sizes: LiveSizes,
  result: AlertLatency | null,
  note: string[],
): ScenarioReport {
  const tables: Table[] = [];
  if (result) {
    tables.push({
      columns: [...timingColumns.slice(0, -1), { title: 'none after the grace', align: 'right' }],
      rows: [
        timingsRow('MQTT publish → `new_alert` on the websocket', result.latencies, result.missing),
        timingsRow(
          'MQTT publish → bare subscriber (same attack frames)',
          result.rawLatencies,
          result.rawMissing,
        ),
      ],
    });
  }
  tables.push(...profileTables(context, 'bc', 'Server CPU profile (warm-up, (c) and (b))'));
  return {
    id: 'c',
    title: 'Alert latency',
    stamp: context.stamp,
    description: [
      `The same running network (${int(sizes.devices)} devices, ChirpStack v3 JSON) at a steady ` +
        `${int(sizes.alertRate)} messages/s, with an attacker replaying captured join requests` +
        (result
          ? ` (${int(result.attacksPublished)} attack frames in ${fixed(result.seconds, 1)} s, of which ` +
            `${int(result.folded)} repeated the previous replay of the same request through another gateway within ` +
            "LAF-003's duplicate delay: one transmission with it, so no alert of their own is awaited)"
          : '') +
        '. For each attack frame: time from its MQTT publish to the `new_alert` message (LAF-003) on a Socket.IO ' +
        "client that presented an administrator's token, over " +
        (result && result.latencies.length < sizes.alerts
          ? `the ${int(result.latencies.length)} alerts that arrived before the time limit (of ${int(sizes.alerts)} wanted). `
          : `the first ${int(sizes.alerts)} alerts or more. `) +
        "The reference is the same frames' trip from the publish to a bare subscriber of the broker. The last " +
        'column counts attack frames without an alert (or, for the reference, without delivery) after a grace ' +
        'period.',
      ...note,
    ],
    tables,
    targets: [
      check(
        'p99 of publish → `new_alert`',
        { atMost: TARGET_ALERT_P99_MS },
        result ? quantile(result.latencies, 0.99) : null,
        (value) => `${fixed(value, 1)} ms`,
        goal.ms,
      ),
    ],
  };
}

/**
 * Scenarios (b) and (c) on one server and one running network: a warm-up in which the network's devices join
 * and are audited, then (c) at a steady rate, then (b) the storm.
 */
export async function runLiveNetwork(
  context: ScenarioContext,
  sizes: LiveSizes,
  want: { storm: boolean; latency: boolean },
): Promise<ScenarioReport[]> {
  const scratch = scratchDir('live');
  const broker = await startBroker();
  let server: BenchServer | null = null;
  let publisher: MqttClient | null = null;
  let storm: StormResult | null = null;
  let latency: AlertLatency | null = null;
  const failures: { b?: string; c?: string } = {};
  let problems: string[] = [];
  try {
    server = await BenchServer.start({ dataDir: scratch.path, profileDir: context.profileDir('bc') });
    const policy = await server.everyDetectorPolicy();
    await server.addDataSource({ data_collector_type_id: 1, ip: '127.0.0.1', port: broker.port }, policy);
    publisher = await connect(broker.port, 'live-publisher');

    // An attack frame about every (duration / alerts) seconds of real time at the alert run's rate.
    const simulatedRate = (sizes.devices / UPLINK_PERIOD_SECONDS) * MESSAGES_PER_UPLINK;
    const realSeconds = context.stamp.quick ? 8 : 30;
    const attackIntervalSeconds = (realSeconds / sizes.alerts) * (sizes.alertRate / simulatedRate);
    const network = new NetworkSimulator({
      devices: sizes.devices,
      gateways: GATEWAYS,
      seed: 42,
      attacks: ['join-replay'],
      attackIntervalSeconds,
      // Simulated time runs faster than the clock (a minute of the network goes by in a fraction of a second), so it
      // starts a day back: gateway times never get ahead of the collector's clock, which the server would not trust.
      startTime: new Date(Date.now() - SIMULATION_LEAD_MS),
      format: FORMAT,
    });
    const live: LiveNetwork = {
      server,
      publisher,
      brokerPort: broker.port,
      network,
      database: join(scratch.path, 'lorawatch.db'),
      framesPublished: 0,
    };

    const warmup: SimMessage[] = [];
    while (network.now.getTime() - network.startTime.getTime() < JOINS_SPAN_MS) {
      warmup.push(...network.next().filter((message) => !message.retain));
    }
    context.log(`(b, c) warm-up: ${int(sizes.devices)} devices join (${int(warmup.length)} messages)`);
    const publishing = publishAll(publisher, warmup);
    live.framesPublished += warmup.filter(isFrame).length;
    const settleMs = (context.stamp.quick ? 90 : 1800) * 1000;
    await settle(live, settleMs, 'the warm-up: every frame detected and every audit done');
    if (!(await settledWithin(publishing)))
      context.log('(b, c) warm-up: the broker never acknowledged some publishes');

    if (want.latency) {
      try {
        latency = await measureAlertLatency(context, live, sizes);
        await settle(live, settleMs, 'the network to settle after (c)');
      } catch (error) {
        failures.c = (error as Error).message;
      }
    }
    if (want.storm) {
      try {
        storm = await measureJoinStorm(context, live, sizes);
      } catch (error) {
        failures.b = (error as Error).message;
      }
    }
  } catch (error) {
    failures.b = failures.c = (error as Error).message;
  } finally {
    await publisher?.endAsync(true);
    await server?.stop();
    problems = server?.problems() ?? [];
    await broker.close();
    scratch.remove();
  }
  const note = problemsNote(context, '(b, c)', problems);
  const reports: ScenarioReport[] = [];
  if (want.storm) {
    const report = stormReport(context, sizes, storm, note);
    reports.push(failures.b === undefined ? report : { ...report, failure: failures.b });
  }
  if (want.latency) {
    const report = latencyReport(context, sizes, latency, note);
    reports.push(failures.c === undefined ? report : { ...report, failure: failures.c });
  }
  return reports;
}
