import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { envelope } from '@lorawatch/platform/aggregate';
import type { Projection } from '@lorawatch/projections/projection';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { CheckpointWatch } from './checkpoint-watch';
import { ProjectionFollower } from './projection-follower';

const TYPE = 'ThingHappened';
const projection = (name: string): Projection => ({
  name,
  collections: [],
  eventTypes: [TYPE],
  project: () => [],
});

/** The api's follower of the projector's checkpoints, on real embedded engines. */
describe('following what the projector committed', () => {
  let db: Database;
  let events: SqliteEventStore;
  let store: SqliteReadStore;
  let watch: CheckpointWatch;

  beforeEach(() => {
    db = openDatabase(':memory:');
    events = new SqliteEventStore(db, { pollIntervalMs: 10 });
    store = new SqliteReadStore(db);
    watch = new CheckpointWatch(store, 10);
  });
  afterEach(async () => {
    watch.stop();
    await events.close();
    db.close();
  });

  const append = () =>
    events.append(
      'thing-1',
      [envelope(TYPE, {}, { organizationId: 1, actor: 'test' }, new Date().toISOString())],
      'any',
    );

  it('passes an event on once each projection that handles it has committed past it', async () => {
    const published: string[] = [];
    const follower = new ProjectionFollower(events, watch, [projection('a'), projection('b')], async (p) => {
      published.push(p.name);
    });
    await follower.start();
    const { position } = await append();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(published).toEqual([]);
    await store.commit([], { name: 'a', position });
    await store.commit([], { name: 'b', position });
    const deadline = Date.now() + 5_000;
    while (published.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(published).toEqual(['a', 'b']);
    await follower.stop();
  });

  it('stops while an event waits for projections that never commit, and publishes nothing it did not see applied', async () => {
    const published: string[] = [];
    const follower = new ProjectionFollower(events, watch, [projection('a'), projection('b')], async (p) => {
      published.push(p.name);
    });
    await follower.start();
    await append();
    // Let the follower take the event and wait for projection a's checkpoint.
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The api runtime's order at shutdown: the watch first, then the follower.
    watch.stop();
    const outcome = await Promise.race([
      follower.stop().then(() => 'stopped'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting after 5 s'), 5_000).unref()),
    ]);
    expect(outcome).toBe('stopped');
    expect(published).toEqual([]);
  });
});
