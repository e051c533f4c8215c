import { join } from 'node:path';
import { DATA_SOURCES } from '@lorawatch/domain/data-source.view';
import { connectedDataSource } from '@lorawatch/what-if/testing/connected-data-source';
import { defaultPolicyItems } from '@lorawatch/domain/policy';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { openDatabase } from '@lorawatch/sqlite/open-database';
import { progressCounters, WhatIfPool } from '@lorawatch/what-if/what-if-pool';
import type { WhatIfResult } from '@lorawatch/what-if/what-if-result';
import type { WhatIfSizes } from '../options';
import { check, type ScenarioId, type ScenarioReport, type Table } from '../record';
import { buildStore, type BuiltStore } from '../support/store-builder';
import { fixed, goal, int } from '../support/stats';
import { scratchDir, type ScenarioContext } from './context';

/** The target: 1 M stored packets replayed in at most 60 s on the 2-core machine. */
const TARGET_SECONDS_PER_MILLION = 60;
/** The store builder's data sources (bench/support/store-builder.ts), all of organisation 1. */
const DATA_SOURCE_COUNT = 5;

/**
 * "What if": a store of stored packets (bench/support/store-builder.ts), then one what-if run of the default policy
 * without LAF-400 over the last day, through the API's worker pool (one thread, its heap limit): the detectors
 * replay every stored packet from the first, in the sandbox. The figure is the run's wall time from the request to
 * the comparison; the target is scaled to 1 M packets.
 */
export async function runWhatIfBench(
  context: ScenarioContext,
  sizes: WhatIfSizes,
  id: ScenarioId,
): Promise<ScenarioReport> {
  const scratch = scratchDir('what-if');
  const databaseFile = join(scratch.path, 'lorawatch.db');
  const pool = new WhatIfPool();
  let built: BuiltStore | null = null;
  let seconds: number | null = null;
  let result: WhatIfResult | null = null;
  let failure: string | undefined;
  try {
    context.log(`(${id}) building a store at scale ${sizes.scale}`);
    built = await buildStore(databaseFile, sizes.scale);
    await seedDataSources(databaseFile);
    const to = new Date();
    const from = new Date(to.getTime() - 86_400_000);
    context.log(`(${id}) ${int(built.packets)} packets stored; trying the default policy without LAF-400`);
    const started = process.hrtime.bigint();
    const outcome = await pool.run(
      {
        databaseFile,
        organizationId: 1,
        dataSourceId: null,
        policy: {
          name: 'Default without LAF-400',
          items: defaultPolicyItems().map((item) =>
            item.alertTypeCode === 'LAF-400' ? { ...item, enabled: false } : item,
          ),
        },
        from: from.toISOString(),
        to: to.toISOString(),
        progress: progressCounters(),
      },
      new AbortController().signal,
    );
    seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if ('failure' in outcome) throw new Error(outcome.failure);
    result = outcome.result;
    context.log(`(${id}) replayed in ${fixed(seconds, 1)} s`);
  } catch (error) {
    failure = (error as Error).message;
  } finally {
    await pool.close();
    scratch.remove();
  }
  const packets = built?.packets ?? 0;
  const perMillion = seconds === null || packets === 0 ? null : (seconds * 1_000_000) / packets;
  const table: Table = {
    columns: [{ title: 'figure' }, { title: 'value', align: 'right' }],
    rows: [
      ['packets stored (all replayed)', int(packets)],
      ['packets in the range (last day)', result ? int(result.packets) : '–'],
      ['run: seconds', seconds === null ? '–' : fixed(seconds, 1)],
      ['run: packets/s', seconds === null ? '–' : int(packets / seconds)],
      ['alerts added / gone / unchanged', result ? describeCounts(result) : '–'],
    ],
  };
  return {
    id,
    title: 'What if: a policy replayed over the stored packets',
    stamp: context.stamp,
    description: [
      `A store of ${int(packets)} packets over 29 days on ${DATA_SOURCE_COUNT} data sources (scale ${sizes.scale}), ` +
        'then one what-if run of the default policy with LAF-400 off over the last day, in the worker thread the API ' +
        'uses: every stored packet goes through the detector sagas against scratch stores, and the alerts of the day ' +
        'are compared with the stored ones. The figure is the wall time from the request to the comparison.',
    ],
    tables: [table],
    targets: [
      check(
        'what-if run, per 1 M stored packets',
        { atMost: TARGET_SECONDS_PER_MILLION },
        perMillion,
        (value) => `${fixed(value, 1)} s`,
        goal.seconds,
      ),
    ],
    ...(failure === undefined ? {} : { failure }),
  };
}

function describeCounts(result: WhatIfResult): string {
  const added = result.by_code.reduce((sum, entry) => sum + entry.added, 0);
  const gone = result.by_code.reduce((sum, entry) => sum + entry.gone, 0);
  return `${int(added)} / ${int(gone)} / ${int(result.unchanged)}`;
}

/** The store builder leaves the read models to the server; the what-if run reads the data sources from them. */
async function seedDataSources(databaseFile: string): Promise<void> {
  const db = openDatabase(databaseFile);
  const store = new SqliteReadStore(db);
  try {
    store.collection(DATA_SOURCES);
    const createdAt = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const sources = Array.from({ length: DATA_SOURCE_COUNT }, (_, index) =>
      connectedDataSource({
        dataSourceId: index + 1,
        organizationId: 1,
        name: `Bench network ${index + 1}`,
        createdAt,
      }),
    );
    await store.commit(sources.map((doc) => ({ op: 'upsert', collection: DATA_SOURCES.name, doc })));
  } finally {
    await store.close();
    db.close();
  }
}
