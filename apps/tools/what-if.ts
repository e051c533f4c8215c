import 'reflect-metadata';
import { join, resolve } from 'node:path';
import { Logger } from '@nestjs/common';
import { readEngineUrls, usesServers } from '@lorawatch/config/engine-urls';
import { NoLiveStoreError } from '@lorawatch/what-if/live-log-reader';
import { readLiveDocuments } from '@lorawatch/what-if/live-policy';
import type { WhatIfResult } from '@lorawatch/what-if/what-if-result';
import { runWhatIf, WhatIfCancelled } from '@lorawatch/what-if/what-if-run';
import { ProgressBar } from './progress-bar';
import { parseWhatIfArgs } from './what-if-args';

/**
 * `npm run what-if -- --policy ID --from T1 --to T2`: replays the stored packets through the detectors with that
 * policy, in a sandbox beside the live store (opened read-only, so the server may keep running), and prints how the
 * alerts of [T1, T2] would differ from those actually raised, by alert type. `--json` prints the whole comparison.
 */
async function main(argv: string[]): Promise<number> {
  const args = parseWhatIfArgs(argv);
  if ('usage' in args) {
    console.error(args.usage);
    return 2;
  }
  if (usesServers(readEngineUrls(process.env, []))) {
    console.error('The engines run on servers: what-if replays the embedded store only.');
    return 2;
  }
  const databaseFile = join(resolve(args.dataDir ?? (process.env.DATA_DIR || './data')), 'lorawatch.db');
  Logger.overrideLogger(false);
  let documents;
  try {
    documents = await readLiveDocuments(databaseFile, args.policyId, args.dataSourceId);
  } catch (error) {
    if (!(error instanceof NoLiveStoreError)) throw error;
    console.error(error.message);
    return 2;
  }
  const { policy, dataSource } = documents;
  if (policy === null) {
    console.error(`There is no policy ${args.policyId}`);
    return 2;
  }
  if (args.dataSourceId !== null && dataSource === null) {
    console.error(`There is no data source ${args.dataSourceId}`);
    return 2;
  }
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  const scope = dataSource
    ? `data source ${dataSource.dataSourceId} (${dataSource.name})`
    : 'every data source';
  console.error(
    `Trying policy ${policy.policyId} (${policy.name}) on ${scope} from ${args.from} to ${args.to}`,
  );
  let bar: ProgressBar | null = null;
  let read = 0;
  const result = await runWhatIf(
    {
      databaseFile,
      organizationId: dataSource?.organizationId ?? policy.organizationId,
      dataSourceId: args.dataSourceId,
      policy: { name: policy.name, items: policy.items },
      from: args.from,
      to: args.to,
    },
    {
      signal: stop.signal,
      onProgress: ({ packetsRead, packetsTotal }) => {
        bar ??= new ProgressBar('what-if', packetsTotal, process.stderr, 'records');
        bar.update(packetsRead);
        read = packetsRead;
      },
    },
  );
  (bar as ProgressBar | null)?.finish(read);
  if (args.json) console.log(JSON.stringify(result, null, 2));
  else for (const line of describe(result)) console.log(line);
  return 0;
}

function describe(result: WhatIfResult): string[] {
  const lines = [`${result.packets} packets between ${result.from} and ${result.to}`];
  if (result.by_code.length === 0) return [...lines, 'No alerts, either way.'];
  const added = result.by_code.reduce((sum, entry) => sum + entry.added, 0);
  const gone = result.by_code.reduce((sum, entry) => sum + entry.gone, 0);
  lines.push(
    added + gone === 0
      ? `No alerts would change (${result.unchanged} raised either way).`
      : `${added} alerts added, ${gone} gone, ${result.unchanged} unchanged.`,
  );
  lines.push('', 'code       added    gone  unchanged');
  for (const entry of result.by_code)
    lines.push(
      `${entry.code.padEnd(8)} ${String(entry.added).padStart(7)} ${String(entry.gone).padStart(7)} ${String(entry.unchanged).padStart(10)}`,
    );
  return lines;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(
      error instanceof WhatIfCancelled ? error.message : error instanceof Error ? error.message : error,
    );
    process.exitCode = 1;
  },
);
