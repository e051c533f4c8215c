import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { StoreSizes } from '../options';
import { check, type ScenarioReport, type Table, type TargetCheck } from '../record';
import { readProcessManagersBehind } from '../support/pipeline-progress';
import { BenchServer } from '../support/server';
import { buildStore, type BuiltStore } from '../support/store-builder';
import { fixed, goal, int, quantile } from '../support/stats';
import { problemsNote, profileTables, scratchDir, type ScenarioContext } from './context';

const TARGET_RESTART_SECONDS = 10;
const TARGET_REBUILD_EVENTS_PER_SECOND = 50_000;
const TARGET_ENDPOINT_P95_MS = 50;
/** The server on a large store: no periodic detector tick, which would only add noise to the latencies. */
const SERVER_ENV = { DETECTOR_TICK_SECONDS: '0' };

export interface EndpointRow {
  endpoint: string;
  status: string;
  p50: number | null;
  p95: number | null;
  mean: number | null;
  perSecond: number | null;
}

/**
 * Waits (bounded by the store's scale) until the issue tracker and the notifications dispatcher of `server` have
 * handled every event of their types; the seconds it took, or null past the bound.
 */
async function processManagersSettled(
  context: ScenarioContext,
  server: BenchServer,
  databaseFile: string,
  scale: number,
): Promise<number | null> {
  const started = Date.now();
  const boundMs = Math.max(120_000, 3_600_000 * scale);
  let behind = readProcessManagersBehind(databaseFile);
  while (Object.values(behind).some((count) => count > 0)) {
    if (!server.running) throw new Error(`the server exited:\n${server.logTail()}`);
    if (Date.now() - started > boundMs) {
      context.log(
        `(d) process managers still behind after ${fixed(boundMs / 1000, 0)} s: ${JSON.stringify(behind)}`,
      );
      return null;
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    behind = readProcessManagersBehind(databaseFile);
  }
  const seconds = (Date.now() - started) / 1000;
  context.log(`(d) process managers settled ${fixed(seconds, 1)} s after the first start's API calls`);
  return seconds;
}

/** The dashboard and list endpoints of the console, as it calls them. */
export function endpoints(now: Date): string[] {
  const day = 86_400_000;
  const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const from = encodeURIComponent(iso(new Date(now.getTime() - 7 * day)));
  const to = encodeURIComponent(iso(now));
  const range = `created_at[gte]=${from}&created_at[lte]=${to}`;
  return [
    'alerts?page=0&size=50',
    'alerts?page=0&size=50&order_by[]=created_at&order_by[]=DESC&resolved=false&risk[]=HIGH',
    'alerts?page=200&size=50',
    `alerts/count?${range}`,
    `alerts/count?group_by=DAY&${range}`,
    'alerts/count',
    `alert_types/count?from=${from}&to=${to}`,
    'alert_types',
    'quarantined_devices?page=1&size=50',
    'quarantined_devices/count',
    'quarantined_devices/devices_count',
    'data_collectors?page=1&size=50',
    `data_collectors?include_count=true&from=${from}&to=${to}`,
    'policies',
    `devices?page=0&size=50`,
    'devices/count',
    `packets?page=0&size=50`,
    `packets/count?date[gte]=${from}&date[lte]=${to}`,
    'inventory/list?page=1&size=50',
    'inventory/count/importance',
    'inventory/count/vendor',
    'resource_usage/list?page=1&size=50',
    'resource_usage/count/status',
    'resource_usage/count/signal',
    'notifications?page=1&size=50',
    'notifications/count',
    'tags',
    'app_keys',
  ];
}

/** The endpoint as the record shows it: date ranges shortened to what they mean. */
export function endpointLabel(path: string): string {
  return path
    .replace(/created_at\[gte\]=[^&]+&created_at\[lte\]=[^&]+/, '(a week)')
    .replace(/from=[^&]+&to=[^&]+/, '(a week)')
    .replace(/date\[gte\]=[^&]+&date\[lte\]=[^&]+/, '(a week)')
    .replace(
      '&order_by[]=created_at&order_by[]=DESC&resolved=false&risk[]=HIGH',
      '&…&resolved=false&risk[]=HIGH',
    );
}

/** Latency of one endpoint: `requests` calls, `concurrency` at a time, as the administrator. */
export async function measureEndpoint(
  base: string,
  token: string,
  path: string,
  sizes: Pick<StoreSizes, 'requests' | 'concurrency'>,
): Promise<EndpointRow> {
  const empty = { p50: null, p95: null, mean: null, perSecond: null };
  const call = async () => {
    const started = performance.now();
    const answer = await fetch(`${base}/api/v1.0/${path}`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(120_000),
    });
    await answer.arrayBuffer();
    return { status: answer.status, ms: performance.now() - started };
  };
  let first: { status: number; ms: number };
  try {
    first = await call();
  } catch (error) {
    return { endpoint: path, status: `failed: ${(error as Error).message}`, ...empty };
  }
  if (first.status !== 200) {
    return { endpoint: path, status: first.status === 404 ? 'absent (404)' : String(first.status), ...empty };
  }
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < sizes.requests) {
      next++;
      const { status, ms } = await call();
      if (status !== 200) throw new Error(`${path} answered ${status} under load`);
      times.push(ms);
    }
  };
  try {
    await Promise.all(Array.from({ length: sizes.concurrency }, worker));
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    return { endpoint: path, status: `failed under load: ${cause}`, ...empty };
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    endpoint: path,
    status: '200',
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    mean: times.reduce((sum, value) => sum + value, 0) / times.length,
    perSecond: times.length / seconds,
  };
}

export function endpointTable(rows: EndpointRow[]): Table {
  const msCell = (value: number | null) => (value === null ? '' : fixed(value, 1));
  return {
    columns: [
      { title: 'endpoint' },
      { title: 'status' },
      { title: 'p50 ms', align: 'right' },
      { title: 'p95 ms', align: 'right' },
      { title: 'mean ms', align: 'right' },
      { title: 'req/s', align: 'right' },
      { title: `p95 ≤ ${TARGET_ENDPOINT_P95_MS} ms` },
    ],
    rows: rows.map((row) => [
      `\`${endpointLabel(row.endpoint)}\``,
      row.status,
      msCell(row.p50),
      msCell(row.p95),
      msCell(row.mean),
      row.perSecond === null ? '' : int(row.perSecond),
      row.p95 === null ? 'not measured' : row.p95 <= TARGET_ENDPOINT_P95_MS ? 'met' : 'not met',
    ]),
  };
}

interface Rebuild {
  events: number;
  seconds: number;
  eventsPerSecond: number;
}

/** `npm run replay` on the stopped server's data: every read model rebuilt from the event store. */
function replay(dataDir: string): Promise<Rebuild> {
  const tool = join(__dirname, '..', '..', 'apps', 'tools', 'replay.js');
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [tool], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0)
        return reject(new Error(`npm run replay exited with ${code}: ${output.trim().slice(-500)}`));
      // "Replayed N events in S s (R events/s)": the tool's own timing, without the process start.
      const line = /Replayed (\d+) events in ([\d.]+) s/.exec(output);
      if (line) {
        const events = Number(line[1]);
        const own = Number(line[2]);
        return resolve({ events, seconds: own, eventsPerSecond: events / Math.max(own, 1e-6) });
      }
      reject(
        new Error(
          `npm run replay said nothing of its rate: ${output.trim().slice(-500)} (${fixed(seconds, 1)} s)`,
        ),
      );
    });
  });
}

export interface StoredResults {
  built: BuiltStore;
  coldStartSeconds: number;
  rows: EndpointRow[];
  restartSeconds: number | null;
  rebuild: Rebuild | null;
}

/**
 * Scenarios (d) and (e) on one built store: the server's first start (every read model from the events), the
 * API latency table, then a restart of the fully projected store, then a full rebuild with `npm run replay`.
 */
export async function runStored(
  context: ScenarioContext,
  sizes: StoreSizes,
  want: { restart: boolean; api: boolean },
): Promise<ScenarioReport[]> {
  const scratch = scratchDir('store');
  let server: BenchServer | null = null;
  let built: BuiltStore | null = null;
  let coldStartSeconds: number | null = null;
  let rows: EndpointRow[] = [];
  let restartSeconds: number | null = null;
  let settleSeconds: number | null = null;
  let rebuild: Rebuild | null = null;
  const failures: { d?: string; e?: string } = {};
  let problems: string[] = [];
  /** The servers share the data directory, hence one log. */
  let lastServer: BenchServer | null = null;
  const readyTimeoutMs = (context.stamp.quick ? 120 : 4 * 3600) * 1000;
  try {
    context.log(`(d, e) building a store at scale ${sizes.scale}`);
    built = await buildStore(join(scratch.path, 'lorawatch.db'), sizes.scale);
    context.log(
      `(d, e) built in ${fixed(built.seconds, 1)} s; first start of the server (every read model from the events)`,
    );
    server = await BenchServer.start({
      dataDir: scratch.path,
      env: SERVER_ENV,
      profileDir: context.profileDir('de-first-start'),
      readyTimeoutMs,
    });
    lastServer = server;
    coldStartSeconds = server.readyMs / 1000;
    context.log(`(d, e) ready after ${fixed(coldStartSeconds, 1)} s`);
    if (want.api) {
      try {
        const token = await server.accessToken();
        await server.call('GET', '/api/v1.0/alert_types');
        for (const path of endpoints(new Date())) {
          if (!server.running) throw new Error(`the server exited:\n${server.logTail()}`);
          rows.push(await measureEndpoint(server.base, token, path, sizes));
        }
        context.log(`(e) ${rows.length} endpoints measured`);
      } catch (error) {
        failures.e = (error as Error).message;
      }
    }
    if (want.restart) {
      // The store is fully projected only once the process managers have handled every event too; what they leave
      // would be done during the restart and counted in it.
      settleSeconds = await processManagersSettled(
        context,
        server,
        join(scratch.path, 'lorawatch.db'),
        sizes.scale,
      );
    }
    await server.stop();
    server = null;
    if (want.restart) {
      try {
        server = await BenchServer.start({
          dataDir: scratch.path,
          env: SERVER_ENV,
          profileDir: context.profileDir('d-restart'),
          readyTimeoutMs,
        });
        lastServer = server;
        restartSeconds = server.readyMs / 1000;
        await server.stop();
        server = null;
        context.log(`(d) restart: ready after ${fixed(restartSeconds, 1)} s; rebuilding with npm run replay`);
        rebuild = await replay(scratch.path);
        context.log(`(d) rebuild: ${int(rebuild.eventsPerSecond)} events/s`);
      } catch (error) {
        failures.d = (error as Error).message;
      }
    }
  } catch (error) {
    failures.d = failures.e = (error as Error).message;
    rows = [];
  } finally {
    await server?.stop();
    problems = lastServer?.problems() ?? [];
    scratch.remove();
  }

  const storeLine = built
    ? `${int(built.packets)} packets, ${int(built.alerts)} alerts (${int(built.alertsOfIssueTypes)} of issue types) ` +
      `and ${int(built.devices)} devices (scale ${sizes.scale}), written straight through the embedded adapters in ` +
      `${fixed(built.seconds, 1)} s`
    : `scale ${sizes.scale}`;
  const firstStart =
    coldStartSeconds === null
      ? ''
      : ` The server's first start on it, with every read model, the issue tracker, notifications and traffic counters built from nothing, took ${fixed(coldStartSeconds, 1)} s.`;
  const note = problemsNote(context, '(d, e)', problems);
  const reports: ScenarioReport[] = [];
  if (want.restart) {
    const targets: TargetCheck[] = [
      check(
        'restart of the projected store: `/health` 200',
        { atMost: TARGET_RESTART_SECONDS },
        restartSeconds,
        (value) => `${fixed(value, 1)} s`,
        goal.seconds,
      ),
      check(
        'full rebuild (`npm run replay`)',
        { atLeast: TARGET_REBUILD_EVENTS_PER_SECOND },
        rebuild?.eventsPerSecond ?? null,
        (value) => `${int(value)} events/s`,
      ),
    ];
    const table: Table = {
      columns: [{ title: 'step' }, { title: 'figure', align: 'right' }],
      rows: [
        [
          'first start (read models from nothing) until `/health` 200',
          coldStartSeconds === null ? '–' : `${fixed(coldStartSeconds, 1)} s`,
        ],
        [
          'then until the issue tracker and the notifications have handled every event',
          settleSeconds === null ? 'not within the bound' : `${fixed(settleSeconds, 1)} s`,
        ],
        [
          'restart of the projected store until `/health` 200',
          restartSeconds === null ? '–' : `${fixed(restartSeconds, 1)} s`,
        ],
        ['full rebuild: events', rebuild ? int(rebuild.events) : '–'],
        ['full rebuild: seconds', rebuild ? fixed(rebuild.seconds, 1) : '–'],
        ['full rebuild: events/s', rebuild ? int(rebuild.eventsPerSecond) : '–'],
      ],
    };
    reports.push({
      id: 'd',
      title: 'Restart and rebuild of a large store',
      stamp: context.stamp,
      description: [
        `A store of ${storeLine}.${firstStart} Once the issue tracker and the notifications had handled every event too, the server was stopped and started again on the projected store ` +
          '(the figure: seconds from spawning the process until `/health` answers 200), stopped, and every read model ' +
          'rebuilt with `npm run replay` (events/s as the tool reports them).',
        ...note,
      ],
      tables: [
        table,
        ...profileTables(context, 'd-restart', 'Server CPU profile, restart'),
        ...profileTables(context, 'de-first-start', 'Server CPU profile, first start and API calls'),
      ],
      targets,
      ...(failures.d === undefined ? {} : { failure: failures.d }),
    });
  }
  if (want.api) {
    const measured = rows.filter((row) => row.p95 !== null);
    const worst = measured.reduce<EndpointRow | null>(
      (max, row) => (max === null || (row.p95 ?? 0) > (max.p95 ?? 0) ? row : max),
      null,
    );
    const over = measured.filter((row) => (row.p95 ?? 0) > TARGET_ENDPOINT_P95_MS);
    const targets: TargetCheck[] =
      rows.length === 0
        ? [
            {
              measure: 'p95 of every dashboard and list endpoint',
              target: `≤ ${TARGET_ENDPOINT_P95_MS} ms`,
              measured: '–',
              met: null,
            },
          ]
        : [
            {
              measure: 'p95 of every dashboard and list endpoint',
              target: `≤ ${TARGET_ENDPOINT_P95_MS} ms`,
              measured:
                `${measured.length - over.length} of ${rows.length} within` +
                (worst ? `; worst \`${endpointLabel(worst.endpoint)}\` ${fixed(worst.p95 ?? 0, 1)} ms` : ''),
              met: over.length === 0 && measured.length === rows.length,
            },
            ...['alerts?page=200&size=50', 'quarantined_devices/devices_count'].map((path) => {
              const row = rows.find((candidate) => candidate.endpoint === path);
              return check(
                `p95 of \`${path}\``,
                { atMost: TARGET_ENDPOINT_P95_MS },
                row?.p95 ?? null,
                (value) => `${fixed(value, 1)} ms`,
                goal.ms,
              );
            }),
          ];
    reports.push({
      id: 'e',
      title: 'API latency at scale',
      stamp: context.stamp,
      description: [
        `The store of (d): ${storeLine}.${firstStart} Once it was ready, ${int(sizes.requests)} requests per endpoint, ` +
          `${sizes.concurrency} at a time, as an administrator. "absent (404)" marks an endpoint the server does not have.`,
        ...note,
      ],
      tables: [
        endpointTable(rows),
        ...(want.restart
          ? []
          : profileTables(context, 'de-first-start', 'Server CPU profile, first start and API calls')),
      ],
      targets,
      ...(failures.e === undefined ? {} : { failure: failures.e }),
    });
  }
  return reports;
}
