import 'reflect-metadata';
import { loadConfig } from '@lorawatch/config/app-config';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import type { EventStore } from '@lorawatch/event-store/event-store.port';
import { ProjectionRunner } from '@lorawatch/projections/projection-runner';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { openDatabase } from '@lorawatch/sqlite/open-database';
import { PROJECTIONS_IN_ORDER } from '@lorawatch/processes/read-models';
import { ProgressBar } from './progress-bar';

/**
 * `npm run replay`: rebuilds every read model from the event store (stop the server first).
 * `--until <ISO time>` rebuilds them as they were at that time (for audits).
 */
async function replay(): Promise<void> {
  const untilIndex = process.argv.indexOf('--until');
  const until = untilIndex > 0 ? process.argv[untilIndex + 1] : undefined;
  if (until !== undefined && Number.isNaN(Date.parse(until))) {
    console.error('usage: npm run replay [-- --until 2026-01-31T00:00:00Z]');
    process.exit(2);
  }
  const config = loadConfig();
  const db = openDatabase(config.databaseFile);
  const events = new SqliteEventStore(db);
  const store = new SqliteReadStore(db);
  const head = until
    ? ((await events.readAll({ until })).at(-1)?.position ?? 0)
    : await events.headPosition();
  const runner = new ProjectionRunner(until ? limitedTo(events, head) : events, store, PROJECTIONS_IN_ORDER);
  for (const projection of PROJECTIONS_IN_ORDER) {
    await store.reset(
      projection.collections.map((collection) => collection.name),
      projection.name,
    );
  }
  console.log(
    `Rebuilding ${PROJECTIONS_IN_ORDER.length} read models from ${head} events in ${config.databaseFile}`,
  );
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
  db.close();
  console.log(`Replayed ${head} events in ${seconds.toFixed(2)} s (${Math.round(rate)} events/s)`);
}

/** The same store, but subscriptions see only the events up to a position: the history as it was then. */
function limitedTo(store: EventStore, lastPosition: number): EventStore {
  return {
    append: (streamId, newEvents, expected) => store.append(streamId, newEvents, expected),
    readStream: (streamId, options) => store.readStream(streamId, options),
    readAll: (options) => store.readAll(options),
    headPosition: async () => Math.min(lastPosition, await store.headPosition()),
    subscribeToAll: (options, handler) =>
      store.subscribeToAll(options, (event) => (event.position <= lastPosition ? handler(event) : undefined)),
    close: () => store.close(),
  };
}

replay().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
