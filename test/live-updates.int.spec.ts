import { io, type Socket } from 'socket.io-client';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import type { ProjectionUpdatedMessage } from '@lorawatch/contracts';
import { startApp, type Harness } from './support/app-harness';
import { callerTokens, OTHER_ORGANIZATION_ID, registerUser, type CallerTokens } from './support/callers';
import { waitFor } from './support/wait-for';

/** `projection_updated` over a real Socket.IO connection: each organisation hears of its own read models only. */
describe('live projection updates over the websocket', () => {
  let harness: Harness;
  let tokens: CallerTokens;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    harness = await startApp();
    tokens = await callerTokens(harness);
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await harness.close();
  });

  /** A connected socket that records every projection_updated it gets, after presenting the token if one is given. */
  async function listener(
    token: string | null,
    accepted = true,
  ): Promise<{ socket: Socket; received: ProjectionUpdatedMessage[] }> {
    const socket = io(harness.url, { transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    const received: ProjectionUpdatedMessage[] = [];
    socket.on('projection_updated', (message: ProjectionUpdatedMessage) => received.push(message));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    if (token !== null) {
      expect(await socket.emitWithAck('authorization', { token })).toEqual({ ok: accepted });
    }
    return { socket, received };
  }

  const head = () => harness.app.get<EventStore>(EVENT_STORE).headPosition();

  it('tells an organisation which read model changed, up to the newest change, and no one else', async () => {
    const own = await listener(tokens.admin);
    const other = await listener(tokens['other admin']);
    const anonymous = await listener(null);
    const forged = await listener('not.a.token', false);

    for (let userId = 60; userId < 68; userId++) {
      await registerUser(harness, { userId, organizationId: 1, roles: [1], username: `operator${userId}` });
    }
    const newest = await head();

    const last = await waitFor(
      async () => own.received.find((m) => m.projection === 'accounts' && m.position >= newest) ?? null,
      10_000,
      'the accounts update of the newest user',
    );
    expect(last).toEqual({
      projection: 'accounts',
      organization_id: 1,
      position: newest,
      collections: expect.arrayContaining([expect.any(String)]),
    });
    expect(own.received.every((message) => message.organization_id === 1)).toBe(true);
    // Merged or not, the messages of one projection only move forward.
    const positions = own.received.filter((m) => m.projection === 'accounts').map((m) => m.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    // A round trip on each other socket: whatever the server sent them before, they have received by its answer.
    for (const bystander of [other, anonymous, forged]) {
      await bystander.socket.emitWithAck('authorization', { token: 'still.not.valid' });
    }
    expect(other.received).toEqual([]);
    expect(anonymous.received).toEqual([]);
    expect(forged.received).toEqual([]);
  });

  it('sends the other organisation its own updates, with its id', async () => {
    const other = await listener(tokens['other admin']);
    await registerUser(harness, {
      userId: 90,
      organizationId: OTHER_ORGANIZATION_ID,
      roles: [2],
      username: 'outsider2',
    });
    const position = await head();
    const message = await waitFor(
      async () => other.received.find((m) => m.position >= position) ?? null,
      10_000,
      "the other organisation's update",
    );
    expect(message).toMatchObject({
      projection: 'accounts',
      organization_id: OTHER_ORGANIZATION_ID,
      position,
    });
  });

  it('documents the message in the OpenAPI description', async () => {
    const document = (await harness.http.get('/api/docs-json').expect(200)).body as {
      info: { description: string };
    };
    expect(document.info.description).toContain('`projection_updated`');
    expect(document.info.description).toContain('At most one message per projection every 500 ms');
  });
});
