import { WORLD } from '@lorawatch/assets/testing/inventory-world';
import type { SeededWorld } from '@lorawatch/assets/testing/seed-world';
import { dataSourceWithWorld } from '@lorawatch/assets/testing/world-app';
import { startDemoBroker, type DemoBroker } from '@lorawatch/simulator/demo-broker';
import { startApp, type Harness } from './support/app-harness';
import { CALLERS, authorization, callerTokens, type Caller, type CallerTokens } from './support/callers';

interface Tag {
  id: number;
  name: string;
  color: string;
}

/** Labels (docs/api.md §11) end to end: create, list, assign, filter, count, rename, delete. */
describe('tags API', () => {
  let broker: DemoBroker;
  let harness: Harness;
  let tokens: CallerTokens;
  let world: SeededWorld;
  const as = (caller: Caller) => authorization(tokens, caller);

  beforeAll(async () => {
    broker = await startDemoBroker(0);
    harness = await startApp();
    tokens = await callerTokens(harness);
    world = await dataSourceWithWorld(harness.app, harness.http, tokens.admin, broker.port);
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
    await broker?.close();
  });

  const create = (name: string, color: string, caller: Caller = 'admin') =>
    harness.http
      .post(`/api/v1.0/tags?name=${encodeURIComponent(name)}&color=${encodeURIComponent(color)}`)
      .set(as(caller));
  const assets = (...entries: Array<[number, string]>) => ({
    asset_list: entries.map(([asset_id, asset_type]) => ({ asset_id, asset_type })),
  });
  const inventory = async (query: string) =>
    (await harness.http.get(`/api/v1.0/inventory/list${query}`).set(as('admin')).expect(200)).body as {
      assets: Array<{ hex_id: string; tags: Tag[] }>;
    };

  it('creates tags from the query string and lists them by name', async () => {
    const north = await create('north field', '#ff0000').expect(200);
    expect(north.body).toEqual({ id: expect.any(Number), name: 'north field', color: '#ff0000' });
    await create('basement_2.b', '#00aa00', 'user').expect(200);
    const list = await harness.http.get('/api/v1.0/tags').set(as('user')).expect(200);
    expect((list.body as Tag[]).map((tag) => tag.name)).toEqual(['basement_2.b', 'north field']);
    const one = await harness.http.get(`/api/v1.0/tags/${north.body.id}`).set(as('user')).expect(200);
    expect(one.body).toEqual(north.body);
  });

  it.each([
    ['north field', '#123456', 'EXISTING_NAME', 'Existing tag with that name'],
    ['', '#123456', 'MISSING_NAME', 'The tag needs a name'],
    [
      'bad/name!',
      '#123456',
      'INVALID_NAME',
      'A tag name may only hold letters, digits, underscores, periods and spaces',
    ],
    ['x'.repeat(65), '#123456', 'EXCEED_MAX_LENGTH', 'A tag name can have at most 64 characters'],
    ['fine', '', 'MISSING_COLOR', 'The tag needs a colour'],
    [
      'fine',
      'red',
      'INVALID_COLOR',
      'A tag colour is a hex colour code such as #ff0000 (at most 8 characters)',
    ],
  ])('refuses name %j colour %j with %s', async (name, color, code, message) => {
    const response = await create(name, color).expect(400);
    expect(response.body).toEqual([{ code, message }]);
  });

  it('assigns tags idempotently; the inventory filters on all of them and counts them', async () => {
    const tags = (await harness.http.get('/api/v1.0/tags').set(as('admin'))).body as Tag[];
    const [basement, north] = tags;
    const both = assets([world.ids.healthy, 'device'], [world.ids.dragino, 'gateway']);
    for (let i = 0; i < 2; i++) {
      const response = await harness.http
        .post(`/api/v1.0/tags/${north.id}/assets`)
        .set(as('user'))
        .send(both);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: 'Assets tagged' });
    }
    await harness.http
      .post(`/api/v1.0/tags/${basement.id}/assets`)
      .set(as('admin'))
      .send(assets([world.ids.healthy, 'device']))
      .expect(200);
    const tagged = await inventory(`?tag_ids[]=${north.id}`);
    expect(tagged.assets.map((asset) => asset.hex_id)).toEqual([WORLD.dragino, WORLD.healthy.devEui]);
    expect(tagged.assets[1].tags.map((tag) => tag.name)).toEqual(['basement_2.b', 'north field']);
    const all = await inventory(`?tag_ids[]=${north.id}&tag_ids[]=${basement.id}`);
    expect(all.assets.map((asset) => asset.hex_id)).toEqual([WORLD.healthy.devEui]);
    const counts = await harness.http.get('/api/v1.0/inventory/count/tag').set(as('admin')).expect(200);
    expect(counts.body).toEqual([
      { id: north.id, name: 'north field', color: '#ff0000', count: 2 },
      { id: basement.id, name: 'basement_2.b', color: '#00aa00', count: 1 },
    ]);

    const untag = await harness.http
      .delete(`/api/v1.0/tags/${north.id}/assets`)
      .set(as('admin'))
      .send(assets([world.ids.dragino, 'gateway']));
    expect(untag.status).toBe(200);
    expect(untag.body).toEqual({ message: 'Asset untagged' });
    expect((await inventory(`?tag_ids[]=${north.id}`)).assets.map((asset) => asset.hex_id)).toEqual([
      WORLD.healthy.devEui,
    ]);
  });

  it('renames and deletes a tag; the deleted tag leaves the assets', async () => {
    const created = await create('temporary', '#abc').expect(200);
    const id = created.body.id as number;
    await harness.http
      .post(`/api/v1.0/tags/${id}/assets`)
      .set(as('admin'))
      .send(assets([world.ids.weak, 'device']));
    const renamed = await harness.http.patch(`/api/v1.0/tags/${id}?name=short%20lived`).set(as('admin'));
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ message: 'Tag updated' });
    expect((await harness.http.get(`/api/v1.0/tags/${id}`).set(as('admin'))).body).toEqual({
      id,
      name: 'short lived',
      color: '#abc',
    });
    await harness.http.patch(`/api/v1.0/tags/${id}?name=north%20field`).set(as('admin')).expect(400);
    const deleted = await harness.http.delete(`/api/v1.0/tags/${id}`).set(as('admin')).expect(200);
    expect(deleted.body).toEqual({ message: 'Tag deleted' });
    await harness.http.get(`/api/v1.0/tags/${id}`).set(as('admin')).expect(422);
    await harness.http.delete(`/api/v1.0/tags/${id}`).set(as('admin')).expect(422);
    expect(
      (await inventory('?asset_type=device')).assets.flatMap((asset) => asset.tags.map((tag) => tag.id)),
    ).not.toContain(id);
  });

  it('refuses unknown tags (422), bad asset types (400) and unknown assets (404)', async () => {
    await harness.http.post('/api/v1.0/tags/99999/assets').set(as('admin')).send(assets()).expect(422);
    const [tag] = (await harness.http.get('/api/v1.0/tags').set(as('admin'))).body as Tag[];
    await harness.http
      .post(`/api/v1.0/tags/${tag.id}/assets`)
      .set(as('admin'))
      .send(assets([world.ids.weak, 'router']))
      .expect(400);
    await harness.http
      .post(`/api/v1.0/tags/${tag.id}/assets`)
      .set(as('admin'))
      .send(assets([1, 'device']))
      .expect(404);
    await harness.http.get('/api/v1.0/tags/abc').set(as('admin')).expect(400);
  });

  describe('authorization', () => {
    let tagId: number;
    beforeAll(async () => {
      tagId = ((await create('table', '#000000').expect(200)).body as Tag).id;
    });
    const by = (caller: Caller, other: number) =>
      caller === 'anonymous' ? 401 : caller === 'other admin' ? other : 200;
    const cases: Array<[string, string, (caller: Caller) => number]> = [
      ['GET', 'tags', (c) => by(c, 200)],
      ['GET', 'tags/TAG', (c) => by(c, 422)],
      ['PATCH', 'tags/TAG?color=%23111111', (c) => by(c, 422)],
      ['POST', 'tags/TAG/assets', (c) => by(c, 403)],
      ['DELETE', 'tags/TAG/assets', (c) => by(c, 403)],
    ];
    const table = cases.flatMap(([method, path, expected]) =>
      CALLERS.map((caller) => [method, path, caller, expected(caller)] as const),
    );

    it.each(table)('%s %s as %s → %i', async (method, path, caller, status) => {
      const url = `/api/v1.0/${path.replace('TAG', String(tagId))}`;
      const body = assets([world.ids.weak, 'device']);
      const request =
        method === 'GET'
          ? harness.http.get(url)
          : method === 'PATCH'
            ? harness.http.patch(url)
            : method === 'POST'
              ? harness.http.post(url).send(body)
              : harness.http.delete(url).send(body);
      expect((await request.set(as(caller))).status).toBe(status);
    });

    it.each(CALLERS.map((caller) => [caller, caller === 'anonymous' ? 401 : 200] as const))(
      'POST tags as %s → %i, then DELETE tags/{id} by its owner organisation only',
      async (caller, status) => {
        const response = await create(`by ${caller.replace(' ', '_')}`, '#222222', caller);
        expect(response.status).toBe(status);
        if (status !== 200) return;
        const id = (response.body as Tag).id;
        if (caller !== 'other admin')
          await harness.http.delete(`/api/v1.0/tags/${id}`).set(as('other admin')).expect(422);
        await harness.http.delete(`/api/v1.0/tags/${id}`).set(as(caller)).expect(200);
      },
    );
  });
});
