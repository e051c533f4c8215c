import { alertOn, joinRequest, uplink } from '@lorawatch/issues/testing/issue-scenario';
import { IssueWorld } from '@lorawatch/issues/testing/issue-world';
import { startApp, type Harness } from './support/app-harness';
import { authorization, callerTokens, type Caller, type CallerTokens } from './support/callers';

/** Who may resolve an alert (CONTRIBUTING.md §5): the organisation's admins only; another organisation's alert is forbidden. */
const TABLE: Record<Caller, number> = { anonymous: 401, user: 403, admin: 200, 'other admin': 403 };

const BASE = new Date(Date.now() - 3_600_000).toISOString();
const DEVICE = { devEui: '0004a30b001c0777', devAddr: '26010777' };

describe('resolving an alert', () => {
  let harness: Harness;
  let world: IssueWorld;
  let tokens: CallerTokens;
  let nonce = 0;

  beforeAll(async () => {
    harness = await startApp();
    world = new IssueWorld(harness);
    tokens = await callerTokens(harness, 70);
  });
  afterAll(async () => harness.close());

  /** A new LAF-001 alert of organisation 1, and its API id. */
  async function newAlert(): Promise<number> {
    nonce += 1;
    const alert = alertOn('LAF-001', joinRequest(DEVICE.devEui, nonce, BASE), { dev_nonce: nonce });
    await world.raise(alert);
    const list = await harness.http
      .get('/api/v1.0/alerts?include_parameters=true&type[]=LAF-001')
      .set(authorization(tokens, 'admin'))
      .expect(200);
    return (list.body as Array<{ id: number; parameters: { packet_id: string } }>).find(
      (item) => item.parameters.packet_id === alert.packet.id,
    )!.id;
  }

  const resolve = (id: number, caller: Caller, body?: Record<string, unknown>) => {
    const authed = harness.http.put(`/api/v1.0/alerts/${id}/resolve`).set(authorization(tokens, caller));
    return body ? authed.send(body) : authed;
  };

  it('answers the alert as resolved, with who resolved it and the comment', async () => {
    const id = await newAlert();
    const response = await resolve(id, 'admin', { comment: 'replay test by the field team' }).expect(200);
    expect(response.body).toMatchObject({
      message: 'Alert resolved successfully',
      alert: {
        id,
        type: 'LAF-001',
        resolved_at: expect.any(String),
        resolution_comment: 'replay test by the field team',
        resolved_by_id: 1,
        resolved_by: { id: 1, username: 'admin', full_name: expect.any(String) },
      },
    });
    const resolved = await harness.http
      .get('/api/v1.0/alerts?resolved=true')
      .set(authorization(tokens, 'admin'))
      .expect(200);
    expect((resolved.body as Array<{ id: number }>).map((alert) => alert.id)).toContain(id);
    const open = await harness.http
      .get('/api/v1.0/alerts?resolved=false')
      .set(authorization(tokens, 'admin'))
      .expect(200);
    expect((open.body as Array<{ id: number }>).map((alert) => alert.id)).not.toContain(id);
  });

  it('takes no body, and overwrites an earlier resolution', async () => {
    const id = await newAlert();
    await resolve(id, 'admin', { comment: 'first look' }).expect(200);
    const again = await resolve(id, 'admin').expect(200);
    expect(again.body.alert.resolution_comment).toBeNull();
  });

  it('rejects a comment over 1024 characters and a body that is not one', async () => {
    const id = await newAlert();
    const tooLong = await resolve(id, 'admin', { comment: 'x'.repeat(1025) }).expect(400);
    expect(tooLong.body.error).toBe('Too long comment. Max length: 1024 characters.');
    await resolve(id, 'admin', { comment: 'x'.repeat(1024) }).expect(200);
    const notText = await resolve(id, 'admin', { comment: 42 }).expect(400);
    expect(notText.body.error).toBe('Error parsing body.');
  });

  it('answers 404 for an unknown alert and for a recurrence hidden by its issue', async () => {
    expect((await resolve(999_999, 'admin', {}).expect(404)).body.error).toBe('not found');
    const first = alertOn('LAF-100', uplink(DEVICE, BASE, 1));
    const hidden = alertOn('LAF-100', uplink(DEVICE, BASE, 2));
    await world.raise(first, hidden);
    const list = await harness.http
      .get('/api/v1.0/alerts?type[]=LAF-100')
      .set(authorization(tokens, 'admin'))
      .expect(200);
    const [shown] = list.body as Array<{ id: number }>;
    // The hidden recurrence was appended right after the shown alert; its position is a larger integer id.
    const positions = (await world.events.readAll())
      .filter((event) => event.streamId === `alert-${hidden.id}`)
      .map((event) => event.position);
    expect(positions[0]).toBeGreaterThan(shown.id);
    await resolve(positions[0], 'admin', {}).expect(404);
  });

  it.each(Object.entries(TABLE))('lets %s get %i', async (caller, status) => {
    const id = await newAlert();
    await resolve(id, caller as Caller, { comment: 'by table' }).expect(status);
  });
});
