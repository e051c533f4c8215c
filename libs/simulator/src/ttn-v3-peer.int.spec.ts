import { type TtnV3Peer, startTtnV3Peer } from './ttn-v3-peer';
import type { TtnV3Event } from './ttn-v3-events';

const KEY = 'NNSXS.PEERTEST.SECRET';

function event(gatewayId: string, name: string, time: string): TtnV3Event {
  return {
    name,
    time,
    identifiers: [{ gateway_ids: { gateway_id: gatewayId } }],
    correlation_ids: [],
    origin: 'test',
    context: {},
    visibility: { rights: [] },
    unique_id: `${gatewayId}-${name}`,
  };
}

async function post(peer: TtnV3Peer, body: unknown, headers: Record<string, string>): Promise<Response> {
  return fetch(`${peer.url}/api/v3/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const gateways = (...ids: string[]) => ({
  identifiers: ids.map((id) => ({ gateway_ids: { gateway_id: id } })),
});

/** Reads a streamed body until `count` delimited objects arrived. */
async function readObjects(response: Response, count: number, delimiter: string): Promise<string[]> {
  const reader = response.body!.getReader();
  let text = '';
  while (text.split(delimiter).length - 1 < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += Buffer.from(value).toString('utf8');
  }
  await reader.cancel();
  return text.split(delimiter).filter((part) => part !== '');
}

describe('the TTN v3 peer', () => {
  let peer: TtnV3Peer;
  beforeEach(async () => {
    peer = await startTtnV3Peer({ apiKeys: { [KEY]: ['gw-one', 'gw-two'] } });
  });
  afterEach(async () => {
    await peer.close();
  });

  it.each<[string, Record<string, string>, unknown, number, number]>([
    ['no key', {}, gateways('gw-one'), 401, 16],
    ['an unknown key', { Authorization: 'Bearer NNSXS.WRONG' }, gateways('gw-one'), 401, 16],
    ['a key without the Bearer scheme', { Authorization: KEY }, gateways('gw-one'), 401, 16],
    [
      'a gateway outside the key rights',
      { Authorization: `Bearer ${KEY}` },
      gateways('gw-one', 'gw-other'),
      403,
      7,
    ],
    ['identifiers that are not gateways', { Authorization: `Bearer ${KEY}` }, { identifiers: [{}] }, 400, 3],
  ])('refuses %s like TTS', async (_case, headers, body, status, code) => {
    const response = await post(peer, body, headers);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ code, message: expect.any(String), details: [] });
  });

  it('streams the requested gateways only, after events.stream.start, blank-line separated for text/event-stream', async () => {
    const response = await post(peer, gateways('gw-one'), {
      Authorization: `Bearer ${KEY}`,
      Accept: 'text/event-stream',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reading = readObjects(response, 3, '\n\n');
    while (peer.streamCount() === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(peer.publish(event('gw-two', 'gs.up.receive', '2024-01-01T00:00:01Z'))).toBe(0);
    expect(peer.publish(event('gw-one', 'gs.up.receive', '2024-01-01T00:00:02Z'))).toBe(1);
    expect(peer.publish(event('gw-one', 'gs.down.send', '2024-01-01T00:00:03Z'))).toBe(1);
    const names = (await reading).map((text) => (JSON.parse(text) as { result: TtnV3Event }).result.name);
    expect(names).toEqual(['events.stream.start', 'gs.up.receive', 'gs.down.send']);
  });

  it('separates events by one newline without text/event-stream, and replays history after a time', async () => {
    peer.publish(event('gw-one', 'gs.status.receive', '2024-01-01T00:00:01Z'));
    peer.publish(event('gw-two', 'gs.up.receive', '2024-01-01T00:00:02Z'));
    peer.publish(event('gw-one', 'gs.up.receive', '2024-01-01T00:00:03Z'));
    const response = await post(
      peer,
      { ...gateways('gw-one'), after: '2024-01-01T00:00:01Z' },
      { Authorization: `Bearer ${KEY}` },
    );
    expect(response.headers.get('content-type')).toBe('application/json');
    const objects = await readObjects(response, 2, '\n');
    expect(objects.map((text) => (JSON.parse(text) as { result: TtnV3Event }).result.name)).toEqual([
      'events.stream.start',
      'gs.up.receive',
    ]);
  });
});
