import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import {
  DuplicateKeyError,
  type Collection,
  type CollectionSpec,
  type Doc,
  type ReadStore,
  type WriteOp,
} from '@lorawatch/read-store/read-store.port';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import type { Projection, ProjectionUpdate } from './projection';
import { ProjectionRunner } from './projection-runner';

interface Account extends Doc {
  balance: number;
  deposits: number;
}
interface Ledger extends Doc {
  accounts: number;
  total: number;
}
interface Reference extends Doc {
  reference: string;
}

const ACCOUNTS: CollectionSpec = { name: 'accounts' };
const LEDGER: CollectionSpec = { name: 'ledger' };
const REFERENCES: CollectionSpec = {
  name: 'deposit_references',
  indexes: [{ fields: ['reference'], unique: true }],
};
const NAME = 'bank';

/**
 * A projection that depends on its own earlier writes: a deposit reads the account's balance and adds to it, and
 * a `Closed` event sums every account with a query over the collection. A deposit's reference must be unique.
 */
const bank: Projection = {
  name: NAME,
  collections: [ACCOUNTS, LEDGER, REFERENCES],
  eventTypes: ['Deposited', 'Closed'],
  async project(event, store): Promise<WriteOp[]> {
    if (event.type === 'Closed') {
      const accounts = await store.collection<Account>(ACCOUNTS).find({});
      const total = accounts.reduce((sum, account) => sum + account.balance, 0);
      const ledger: Ledger = { id: 'ledger', accounts: accounts.length, total };
      return [{ op: 'upsert', collection: LEDGER.name, doc: ledger }];
    }
    const { account, amount, reference } = event.data as {
      account: string;
      amount: number;
      reference: string;
    };
    const before = await store.collection<Account>(ACCOUNTS).get(account);
    const doc: Account = {
      id: account,
      balance: (before?.balance ?? 0) + amount,
      deposits: (before?.deposits ?? 0) + 1,
    };
    const ref: Reference = { id: `${event.position}`, reference };
    return [
      { op: 'upsert', collection: ACCOUNTS.name, doc },
      { op: 'upsert', collection: REFERENCES.name, doc: ref },
    ];
  },
};

interface RecordedCommit {
  ops: WriteOp[];
  position: number;
}

/**
 * The real store, recording the projection's commits: attempted, and done. Once `failAfter` commits are done, the
 * next ones fail before anything is written (the disk is gone, the process dies).
 */
class RecordingStore implements ReadStore {
  readonly attempts: RecordedCommit[] = [];
  readonly commits: RecordedCommit[] = [];
  failAfter: number | null = null;

  constructor(private readonly inner: ReadStore) {}

  collection<T extends Doc>(spec: CollectionSpec): Collection<T> {
    return this.inner.collection<T>(spec);
  }

  async commit(ops: WriteOp[], checkpoint?: { name: string; position: number }): Promise<void> {
    if (checkpoint?.name !== NAME) return this.inner.commit(ops, checkpoint);
    this.attempts.push({ ops, position: checkpoint.position });
    if (this.failAfter !== null && this.commits.length >= this.failAfter) throw new Error('disk gone');
    await this.inner.commit(ops, checkpoint);
    this.commits.push({ ops, position: checkpoint.position });
  }

  checkpoint(name: string): Promise<number> {
    return this.inner.checkpoint(name);
  }

  reset(collections: string[], checkpointName: string): Promise<void> {
    return this.inner.reset(collections, checkpointName);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

describe('batched projection catch-up', () => {
  const temp = createTempSqliteFile('projection-batch');
  let db: Database;
  let events: SqliteEventStore;
  let sqlite: SqliteReadStore;
  let store: RecordingStore;
  let runner: ProjectionRunner | null = null;
  let appended: RecordedEvent[] = [];

  beforeEach(async () => {
    db = openDatabase(temp.file);
    events = new SqliteEventStore(db, { pollIntervalMs: 20, onError: () => undefined });
    sqlite = new SqliteReadStore(db);
    store = new RecordingStore(sqlite);
    appended = [];
  });

  afterEach(async () => {
    await runner?.stop();
    runner = null;
    await events.close();
    db.close();
    temp.remove();
  });

  const who = { organizationId: 1, actor: 'test' };

  async function deposit(
    account: string,
    amount: number,
    reference = `ref-${appended.length}`,
  ): Promise<void> {
    const stream = `deposit-${appended.length}`;
    await events.append(
      stream,
      [envelope('Deposited', { account, amount, reference }, who, now())],
      'no_stream',
    );
    appended.push(...(await events.readStream(stream)));
  }

  async function close(): Promise<void> {
    await events.append('closing', [envelope('Closed', {}, who, now())], 'any');
    appended.push(...(await events.readStream('closing')).slice(-1));
  }

  async function startRunner(maxBatchEvents: number): Promise<ProjectionUpdate[]> {
    const updates: ProjectionUpdate[] = [];
    runner = new ProjectionRunner(events, store, [bank], { maxBatchEvents });
    runner.updates$.subscribe((update) => updates.push(update));
    await runner.start();
    return updates;
  }

  const accounts = () => sqlite.collection<Account>(ACCOUNTS).find({}, { sort: [['id', 'asc']] });

  it('commits waiting events in batches, each with the checkpoint of its last event, and tells of each event', async () => {
    for (let i = 0; i < 120; i++) await deposit(`acc-${String(i).padStart(3, '0')}`, 10);
    const updates = await startRunner(50);
    await runner!.caughtUp();

    expect(store.commits.length).toBeGreaterThan(1);
    expect(store.commits.length).toBeLessThan(120);
    // The commits cover the events in order, none twice: each holds the writes of the events after the previous
    // checkpoint up to its own, which is an event's position.
    let previous = 0;
    for (const commit of store.commits) {
      const inside = appended.filter(
        (event) => event.position > previous && event.position <= commit.position,
      );
      expect(inside.length).toBeGreaterThan(0);
      expect(inside.length).toBeLessThanOrEqual(50);
      expect(inside[inside.length - 1].position).toBe(commit.position);
      expect(commit.ops).toHaveLength(inside.length * 2);
      previous = commit.position;
    }
    expect(previous).toBe(appended[appended.length - 1].position);
    expect(await sqlite.checkpoint(NAME)).toBe(previous);
    expect(updates.map((update) => update.event.position)).toEqual(appended.map((event) => event.position));
    expect(updates.every((update) => update.ops.length === 2)).toBe(true);
    expect(await accounts()).toHaveLength(120);
  });

  it('lets project() read what earlier events of the same batch wrote, by document and by query', async () => {
    for (let i = 0; i < 30; i++) await deposit(`acc-${i % 3}`, i);
    await close();
    for (let i = 0; i < 30; i++) await deposit(`acc-${i % 3}`, 1);
    await close();
    await startRunner(500);
    await runner!.caughtUp();

    expect(await accounts()).toEqual([
      { id: 'acc-0', balance: 0 + 3 + 6 + 9 + 12 + 15 + 18 + 21 + 24 + 27 + 10, deposits: 20 },
      { id: 'acc-1', balance: 1 + 4 + 7 + 10 + 13 + 16 + 19 + 22 + 25 + 28 + 10, deposits: 20 },
      { id: 'acc-2', balance: 2 + 5 + 8 + 11 + 14 + 17 + 20 + 23 + 26 + 29 + 10, deposits: 20 },
    ]);
    expect(await sqlite.collection<Ledger>(LEDGER).get('ledger')).toEqual({
      id: 'ledger',
      accounts: 3,
      total: (29 * 30) / 2 + 30,
    });
  });

  it('keeps a batch and its checkpoint together when the commit fails: restarted, every event counts once', async () => {
    for (let i = 0; i < 40; i++) await deposit(`acc-${i % 4}`, 1);
    store.failAfter = 2;
    await startRunner(500);
    await expect(runner!.caughtUp()).rejects.toThrow('disk gone');
    await runner!.stop();

    // The read model holds exactly the events up to the stored checkpoint: the failed batch left nothing.
    const checkpoint = await sqlite.checkpoint(NAME);
    expect(checkpoint).toBe(store.commits[1].position);
    const applied = appended.filter((event) => event.position <= checkpoint).length;
    expect(applied).toBeLessThan(appended.length);
    const deposits = (await accounts()).reduce((sum, account) => sum + account.deposits, 0);
    expect(deposits).toBe(applied);

    store.failAfter = null;
    await startRunner(7);
    await runner!.caughtUp();
    expect(await accounts()).toEqual([
      { id: 'acc-0', balance: 10, deposits: 10 },
      { id: 'acc-1', balance: 10, deposits: 10 },
      { id: 'acc-2', balance: 10, deposits: 10 },
      { id: 'acc-3', balance: 10, deposits: 10 },
    ]);
    expect(await sqlite.checkpoint(NAME)).toBe(appended[appended.length - 1].position);
  });

  it('writes nothing of a batch whose commit breaks a rule, keeps the events before the one at fault and stops there', async () => {
    for (let i = 0; i < 10; i++) await deposit(`acc-${i}`, 1, i === 6 ? 'ref-2' : `ref-${i}`);
    const updates = await startRunner(500);
    const failure = runner!.caughtUp();
    await expect(failure).rejects.toBeInstanceOf(DuplicateKeyError);

    // The batch of ten was refused whole; then one commit per event kept events 0..5 and failed on the 7th.
    expect(store.attempts[0].ops).toHaveLength(20);
    expect(store.commits.map((commit) => commit.position)).toEqual(
      appended.slice(0, 6).map((event) => event.position),
    );
    expect(await sqlite.checkpoint(NAME)).toBe(appended[5].position);
    expect((await accounts()).map((account) => account.id)).toEqual([
      'acc-0',
      'acc-1',
      'acc-2',
      'acc-3',
      'acc-4',
      'acc-5',
    ]);
    expect(updates.map((update) => update.event.position)).toEqual(
      appended.slice(0, 6).map((event) => event.position),
    );
  });

  it('applies events appended while it runs, one update each, visible once caught up', async () => {
    const updates = await startRunner(500);
    await runner!.caughtUp();
    for (let round = 0; round < 3; round++) {
      await deposit('live', 5);
      await runner!.caughtUp();
      expect(await sqlite.collection<Account>(ACCOUNTS).get('live')).toEqual({
        id: 'live',
        balance: 5 * (round + 1),
        deposits: round + 1,
      });
    }
    expect(updates.map((update) => update.event.position)).toEqual(appended.map((event) => event.position));
    expect(runner!.positions()).toEqual({ [NAME]: appended[appended.length - 1].position });
  });

  it('refuses writes made by project() itself, which would escape the batch and its checkpoint', async () => {
    const writer: Projection = {
      name: NAME,
      collections: [ACCOUNTS],
      eventTypes: ['Deposited'],
      async project(_event, view): Promise<WriteOp[]> {
        await view.collection<Account>(ACCOUNTS).upsert({ id: 'direct', balance: 1, deposits: 1 });
        return [];
      },
    };
    await deposit('acc', 1);
    runner = new ProjectionRunner(events, store, [writer]);
    await runner.start();
    await expect(runner.caughtUp()).rejects.toThrow('A projection returns its writes from project()');
    expect(await sqlite.collection<Account>(ACCOUNTS).get('direct')).toBeNull();
  });
});

const now = () => new Date().toISOString();
