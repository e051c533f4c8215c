/**
 * Kafka clients for Node.js, measured against a real broker: appends, consumption, and an outage drill.
 * See README.md. Each client runs in a process of its own, one after the other; the table goes to stdout and,
 * with --out, the figures as JSON to a file.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CLIENT_NAMES, openClient, type ClientName } from './src/clients.mjs';
import {
  Broker,
  describe,
  drill,
  measureAppends,
  measureConsumption,
  within,
  type AppendResult,
  type ConsumeResult,
  type DrillResult,
} from './src/measure.mjs';

const here = dirname(fileURLToPath(import.meta.url));

const { values } = parseArgs({
  options: {
    brokers: { type: 'string', default: process.env.KAFKA_BROKERS },
    'kafka-dir': { type: 'string', default: process.env.KAFKA_DIR },
    clients: { type: 'string', default: CLIENT_NAMES.join(',') },
    records: { type: 'string', default: '20000' },
    batches: { type: 'string', default: '100,1000' },
    partitions: { type: 'string', default: '12' },
    'down-seconds': { type: 'string', default: '10' },
    'no-drill': { type: 'boolean', default: false },
    script: { type: 'string', default: resolve(here, '../../scripts/kafka-broker.sh') },
    out: { type: 'string' },
    child: { type: 'string' },
  },
});

interface ClientResult {
  client: ClientName;
  label: string;
  broker: string;
  topicCreated: string | null;
  appends: Array<AppendResult | { batch: number; error: string }>;
  consumption: ConsumeResult | { error: string } | null;
  drill: DrillResult | { error: string } | null;
}

const RESULT_PREFIX = 'RESULT ';

async function measureOne(name: ClientName): Promise<ClientResult> {
  const brokers = (values.brokers ?? '').split(',').filter(Boolean);
  const dir = values['kafka-dir'];
  if (!dir) throw new Error('--kafka-dir (or KAFKA_DIR) is needed: the broker version is read from its log');
  const broker = new Broker(values.script ?? '', dir);
  const records = Number(values.records);
  const partitions = Number(values.partitions);
  const batches = (values.batches ?? '').split(',').map(Number);
  const client = openClient(name, brokers);
  const run = `${name}-${Date.now().toString(36)}`;
  const topic = `bench-${run}`;
  const result: ClientResult = {
    client: name,
    label: client.label,
    broker: broker.version,
    topicCreated: null,
    appends: [],
    consumption: null,
    drill: null,
  };
  try {
    await within(60_000, 'creating the topic', client.createTopic(topic, partitions));
    result.topicCreated = 'yes';
  } catch (error) {
    result.topicCreated = describe(error);
    return result;
  }
  let written = 0;
  for (const batch of batches) {
    try {
      const appended = await within(
        300_000,
        `appending ${records} records`,
        measureAppends(client, topic, partitions, records, batch),
      );
      result.appends.push(appended);
      written += records + batch;
    } catch (error) {
      result.appends.push({ batch, error: describe(error) });
    }
  }
  if (written > 0) {
    try {
      result.consumption = await measureConsumption(client, topic, written, 180_000);
    } catch (error) {
      result.consumption = { error: describe(error) };
    }
  }
  if (!values['no-drill']) {
    try {
      result.drill = await drill(
        client,
        broker,
        `drill-${run}`,
        partitions,
        Number(values['down-seconds']) * 1000,
      );
    } catch (error) {
      result.drill = { error: describe(error) };
    }
  }
  await client.close();
  return result;
}

/** Runs one client in a process of its own (so that memory and event loop are its alone) and collects its result. */
function runChild(name: ClientName): Promise<ClientResult> {
  return new Promise((resolvePromise, reject) => {
    const args = [
      ...process.execArgv,
      fileURLToPath(import.meta.url),
      ...process.argv.slice(2),
      '--child',
      name,
    ];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(RESULT_PREFIX));
      if (!line) return reject(new Error(`${name}: exited ${code} without a result`));
      resolvePromise(JSON.parse(line.slice(RESULT_PREFIX.length)) as ClientResult);
    });
  });
}

const fixed = (n: number | null | undefined, digits = 1) =>
  n === null || n === undefined || Number.isNaN(n) ? 'n/a' : n.toFixed(digits);

function table(results: ClientResult[]): string {
  const lines: string[] = [];
  lines.push(`Broker: Apache Kafka ${results[0]?.broker ?? '?'}`, '');
  lines.push(
    '| client | topic | appends (batch: records/s, MB/s, send p50/p99 ms) | consumption records/s (first record after) |',
  );
  lines.push('| --- | --- | --- | --- |');
  for (const r of results) {
    const appends = r.appends
      .map((a) =>
        'error' in a
          ? `${a.batch}: failed (${a.error})`
          : `${a.batch}: ${Math.round(a.recordsPerSecond)}/s, ${fixed(a.megabytesPerSecond)} MB/s, ${fixed(a.sendP50Ms)}/${fixed(a.sendP99Ms)} ms`,
      )
      .join('; ');
    const c = r.consumption;
    const consumption =
      c === null
        ? 'not run'
        : 'error' in c
          ? `failed (${c.error})`
          : `${Math.round(c.recordsPerSecond)}/s (${fixed(c.firstRecordSeconds)} s)`;
    lines.push(
      `| ${r.label} | ${r.topicCreated === 'yes' ? 'created' : `failed (${r.topicCreated})`} | ${appends || 'not run'} | ${consumption} |`,
    );
  }
  lines.push('');
  lines.push(
    '| client | drill: acked | failed sends | producer back after | consumer back after (saw all) | lost | duplicates | written unacked | RSS before/max MB | first send error | consumer stopped by |',
  );
  lines.push('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of results) {
    const d = r.drill;
    if (d === null) lines.push(`| ${r.label} | not run ||||||||||`);
    else if ('error' in d) lines.push(`| ${r.label} | failed: ${d.error} ||||||||||`);
    else
      lines.push(
        `| ${r.label} | ${d.acknowledged} | ${d.failedSends} | ${fixed(d.producerRecoverySeconds)} s | ${fixed(d.consumerRecoverySeconds)} s (${d.consumerResumed ? 'yes' : 'no'}) | ${d.lost ?? 'n/a'} | ${d.duplicates ?? 'n/a'} | ${d.writtenUnacknowledged ?? 'n/a'} | ${fixed(d.rssBeforeMb, 0)}/${fixed(d.rssMaxDuringOutageMb, 0)} | ${d.firstError ?? ''} | ${d.consumerError ?? ''} |`,
      );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  if (values.child) {
    const result = await measureOne(values.child as ClientName);
    process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(result)}\n`);
    // Some clients keep timers or sockets after a failed run: the result is out, the process ends.
    process.exit(0);
  }
  if (!values.brokers) throw new Error('--brokers (or KAFKA_BROKERS) is needed');
  const names = (values.clients ?? '').split(',').filter(Boolean) as ClientName[];
  for (const name of names) if (!CLIENT_NAMES.includes(name)) throw new Error(`unknown client ${name}`);
  const results: ClientResult[] = [];
  for (const name of names) {
    process.stderr.write(`measuring ${name}...\n`);
    results.push(await runChild(name));
  }
  process.stdout.write(`${table(results)}\n`);
  if (values.out) writeFileSync(values.out, `${JSON.stringify(results, null, 2)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${describe(error)}\n`);
  process.exit(1);
});
