import BetterSqlite3 from 'better-sqlite3';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { startApp, type Harness } from './support/app-harness';
import { callerTokens, type CallerTokens } from './support/callers';

const PATH = '/api/v1.0/audit/verify';

interface VerifyAnswer {
  ok: boolean;
  head_position: number;
  head_hash: string;
  checked_at: string;
  first_bad_position?: number;
  chain_start: { position: number; at: string; reason: string } | null;
  before_chain: number;
}

describe('GET audit/verify (the tamper-evident event record)', () => {
  let harness: Harness;
  let tokens: CallerTokens;

  beforeAll(async () => {
    harness = await startApp();
    tokens = await callerTokens(harness);
  });
  afterAll(async () => harness.close());

  const verify = (token: string | null) => {
    const call = harness.http.get(PATH);
    return token === null ? call : call.set({ Authorization: `Bearer ${token}` });
  };

  it('is for administrators: 401 without a token, 403 for a regular user', async () => {
    await verify(null).expect(401);
    await verify(tokens.user).expect(403);
  });

  it('is documented in the OpenAPI document with its answer and its refusal', async () => {
    const document = (await harness.http.get('/api/docs-json').expect(200)).body as {
      paths: Record<string, { get?: { responses: Record<string, { content?: unknown }> } }>;
    };
    const operation = document.paths[PATH]?.get;
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['200', '403']));
    expect(JSON.stringify(operation?.responses['200'])).toContain('first_bad_position');
  });

  it('answers ok with the head position and hash of a new store, whose chain starts with it', async () => {
    const before = Date.now();
    const response = await verify(tokens.admin).expect(200);
    const answer = response.body as VerifyAnswer;
    const head = await harness.app.get<EventStore>(EVENT_STORE).headPosition();
    expect(head).toBeGreaterThan(0);
    expect(answer).toMatchObject({
      ok: true,
      before_chain: 0,
      chain_start: { position: 0, reason: 'new store' },
    });
    expect(answer.head_position).toBeGreaterThanOrEqual(head);
    expect(answer.head_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(answer.first_bad_position).toBeUndefined();
    expect(Date.parse(answer.checked_at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('names the first position whose stored data was changed behind the server', async () => {
    const db = new BetterSqlite3(harness.config.databaseFile);
    const row = db.prepare('SELECT position, data FROM events ORDER BY position LIMIT 1 OFFSET 1').get() as {
      position: number;
      data: string;
    };
    // One byte: the first digit or letter after the opening brace becomes another.
    const index = row.data.search(/[0-9a-z]/);
    const replacement = row.data[index] === 'x' ? 'y' : 'x';
    db.prepare('UPDATE events SET data = ? WHERE position = ?').run(
      row.data.slice(0, index) + replacement + row.data.slice(index + 1),
      row.position,
    );
    db.close();

    const answer = (await verify(tokens.admin).expect(200)).body as VerifyAnswer;
    expect(answer).toMatchObject({
      ok: false,
      first_bad_position: row.position,
      head_position: row.position - 1,
    });
  });
});
