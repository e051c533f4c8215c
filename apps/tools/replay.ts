import 'reflect-metadata';
import { loadConfig, type AppConfig } from '@lorawatch/config/app-config';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { PROJECTIONS_IN_ORDER } from '@lorawatch/processes/read-models';
import { ProjectionRunner } from '@lorawatch/projections/projection-runner';
import { buildReadModelsAsOf } from '@lorawatch/processes/as-of/build-read-models-as-of';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { openDatabase } from '@lorawatch/sqlite/open-database';
import { ProgressBar } from './progress-bar';
import { parseReplayArgs } from './replay-args';

/**
 * `npm run replay`: rebuilds every read model of the live store from the whole event store (stop the server first).
 * `npm run replay -- --until T [--out FILE]`: builds every read model as the event store stood at T into a separate
 * file; the live store is opened read-only and left as it is, so the server may keep running.
 */
async function replay(): Promise<void> {
  const config = loadConfig();
  const args = parseReplayArgs(process.argv.slice(2), config.dataDir, new Date());
  if ('usage' in args) {
    console.error(args.usage);
    process.exit(2);
  }
  if (args.mode === 'in-place') return rebuildInPlace(config);
  console.log(`Rebuilding the read models as of ${args.until} from ${config.databaseFile} into ${args.out}`);
  let bar: ProgressBar | null = null;
  const result = await buildReadModelsAsOf(
    { databaseFile: config.databaseFile, until: args.until, outFile: args.out },
    (applied, lastPosition) => {
      bar ??= new ProgressBar('replay', lastPosition);
      bar.update(applied);
    },
  );
  (bar as ProgressBar | null)?.finish(result.lastPosition);
  const rate = result.lastPosition / Math.max(result.seconds, 0.001);
  console.log(
    `Replayed ${result.lastPosition} events in ${result.seconds.toFixed(2)} s (${Math.round(rate)} events/s) into ${result.outFile}`,
  );
}

/** Every read model of the live store dropped and projected again from the first event. */
async function rebuildInPlace(config: AppConfig): Promise<void> {
  const db = openDatabase(config.databaseFile);
  const events = new SqliteEventStore(db);
  const store = new SqliteReadStore(db);
  const head = await events.headPosition();
  for (const projection of PROJECTIONS_IN_ORDER) {
    await store.reset(
      projection.collections.map((collection) => collection.name),
      projection.name,
    );
  }
  console.log(
    `Rebuilding ${PROJECTIONS_IN_ORDER.length} read models from ${head} events in ${config.databaseFile}`,
  );
  const runner = new ProjectionRunner(events, store, PROJECTIONS_IN_ORDER);
  const bar = new ProgressBar('replay', head);
  let applied = 0;
  const subscription = runner.updates$.subscribe((update) => {
    applied = Math.max(applied, update.event.position);
    bar.update(applied);
  });
  await runner.start();
  await runner.caughtUp();
  subscription.unsubscribe();
  const { seconds, rate } = bar.finish(head);
  await runner.stop();
  await events.close();
  db.close();
  console.log(`Replayed ${head} events in ${seconds.toFixed(2)} s (${Math.round(rate)} events/s)`);
}

replay().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
