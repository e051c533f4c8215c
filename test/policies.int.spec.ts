import { ALERT_CATALOGUE } from '@lorawatch/domain/alert-catalogue';
import { packetFromPhy } from '@lorawatch/detectors/testing/packet-factory';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { buildJoinRequest } from '@lorawatch/lorawan/build-frames';
import { PACKET_LOG, type PacketLog } from '@lorawatch/packet-log/packet-log.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { startApp, type Harness } from './support/app-harness';
import { storedUserToken } from './support/callers';
import { waitFor } from './support/wait-for';

interface PolicyItemJson {
  id: number;
  enabled: boolean;
  parameters: Record<string, number>;
  alertTypeCode: string;
  alertType: { code: string; name: string; parameters: Record<string, unknown> };
}

interface PolicyJson {
  id: number;
  name: string;
  isDefault: boolean;
  organizationId: number | null;
  items: PolicyItemJson[];
  dataCollectors: Array<{ id: number; name: string }>;
}

const ADMIN_ORG = 1;
const OTHER_ORG = 2;

/** Policies over HTTP against the whole app: what an admin can do with them, and what it refuses and why. */
describe('policies', () => {
  let harness: Harness;
  let admin: string;
  let outsider: string;
  let names = 0;
  const unique = (prefix = 'Policy') => `${prefix} ${++names}`;

  beforeAll(async () => {
    harness = await startApp();
    admin = await harness.adminToken();
    outsider = await storedUserToken(harness, {
      userId: 901,
      username: 'outsider',
      organizationId: OTHER_ORG,
      roles: [2],
    });
  });
  afterAll(async () => harness.close());

  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const item = (alertTypeCode: string, enabled = true, parameters: Record<string, unknown> = {}) => ({
    alertTypeCode,
    enabled,
    parameters,
  });
  const create = (body: unknown, token = admin, query = '') =>
    harness.http
      .post(`/api/v1.0/policies${query}`)
      .set(as(token))
      .send(body as object);
  const created = async (items = [item('LAF-400', false)], token = admin): Promise<PolicyJson> =>
    (await create({ name: unique(), items }, token).expect(201)).body;
  const itemOf = (policy: PolicyJson, code: string) =>
    policy.items.find((entry) => entry.alertTypeCode === code)!;
  const dataSource = async (policyId: number, name = unique('Source')): Promise<number> =>
    (
      await harness.http
        .post('/api/v1.0/data_collectors')
        .set(as(admin))
        .send({
          name,
          description: '',
          data_collector_type_id: 1,
          policy_id: policyId,
          ip: '127.0.0.1',
          port: 1,
        })
        .expect(200)
    ).body.id;

  describe('the default policy', () => {
    it('is global, listed for every organization with an item for every alert type', async () => {
      for (const token of [admin, outsider]) {
        const list = await harness.http.get('/api/v1.0/policies').set(as(token)).expect(200);
        const policy = (list.body as PolicyJson[]).find((entry) => entry.isDefault)!;
        expect(policy).toMatchObject({ id: 1, name: 'Default', isDefault: true, organizationId: null });
        expect(policy.items.map((entry) => entry.alertTypeCode)).toEqual(
          ALERT_CATALOGUE.map((type) => type.code),
        );
        expect(itemOf(policy, 'LAF-002').enabled).toBe(false);
        expect(itemOf(policy, 'LAF-010').parameters).toEqual({ location_accuracy: 50 });
        // No stored item: enabled, every parameter at its catalogue default.
        expect(itemOf(policy, 'LAF-101')).toMatchObject({
          enabled: true,
          parameters: { max_lost_packets: 360, time_window: 24 },
          alertType: {
            code: 'LAF-101',
            parameters: { time_window: { type: 'Integer', minimum: 1, maximum: 24 } },
          },
        });
      }
    });

    it('can be neither edited nor deleted', async () => {
      const body = { name: 'Renamed default', items: [] };
      const edit = await harness.http.put('/api/v1.0/policies/1').set(as(admin)).send(body).expect(403);
      expect(edit.body).toEqual([{ code: 'DEFAULT_POLICY', message: "Can't update default policy." }]);
      const removal = await harness.http.delete('/api/v1.0/policies/1').set(as(admin)).expect(403);
      expect(removal.body).toEqual([{ code: 'DEFAULT_POLICY', message: "Can't delete default policy." }]);
      const after = await harness.http.get('/api/v1.0/policies/1').set(as(admin)).expect(200);
      expect(after.body.name).toBe('Default');
    });
  });

  describe('create, clone, edit, delete', () => {
    it('creates a policy of the organization and answers it with every item filled in', async () => {
      const name = unique('Night shift');
      const response = await create({
        name: `  ${name} `,
        items: [item('LAF-400', false), item('LAF-010', true, { location_accuracy: 120 })],
      }).expect(201);
      const policy = response.body as PolicyJson;
      expect(policy).toMatchObject({ name, isDefault: false, organizationId: ADMIN_ORG, dataCollectors: [] });
      expect(policy.items).toHaveLength(ALERT_CATALOGUE.length);
      expect(itemOf(policy, 'LAF-400')).toMatchObject({ enabled: false, parameters: {} });
      expect(itemOf(policy, 'LAF-010').parameters).toEqual({ location_accuracy: 120 });
      expect(itemOf(policy, 'LAF-404')).toMatchObject({
        enabled: true,
        parameters: { max_join_request_fails: 10 },
      });
      const read = await harness.http.get(`/api/v1.0/policies/${policy.id}`).set(as(admin)).expect(200);
      expect(read.body).toEqual(policy);
    });

    it('clones an own or a global policy under a new name', async () => {
      const source = await created([item('LAF-400', false), item('LAF-101', true, { time_window: 6 })]);
      const copy = (await create({ name: unique('Copy') }, admin, `?clone=${source.id}`).expect(201))
        .body as PolicyJson;
      expect(copy.id).not.toBe(source.id);
      expect(copy.organizationId).toBe(ADMIN_ORG);
      expect(copy.items).toEqual(source.items);

      const fromDefault = (await create({ name: unique('Like default') }, admin, '?clone=1').expect(201))
        .body;
      const theDefault = (await harness.http.get('/api/v1.0/policies/1').set(as(admin))).body as PolicyJson;
      expect(fromDefault).toMatchObject({
        isDefault: false,
        organizationId: ADMIN_ORG,
        items: theDefault.items,
      });
    });

    it("refuses to clone another organization's policy, an unknown one, or to clone with items", async () => {
      const foreign = await created([], outsider);
      const forbidden = await create({ name: unique() }, admin, `?clone=${foreign.id}`).expect(403);
      expect(forbidden.body).toEqual([{ code: 'FORBIDDEN', message: "Can't fetch the policy." }]);
      const unknown = await create({ name: unique() }, admin, '?clone=9999').expect(404);
      expect(unknown.body).toBeNull();
      const both = await create({ name: unique(), items: [] }, admin, '?clone=1').expect(400);
      expect(both.body).toMatchObject([{ code: 'UNKNOWN_FIELD', parameters: { field: 'items' } }]);
    });

    it('edits the name and the items it names, keeping the others, with the ids it listed', async () => {
      const policy = await created([
        item('LAF-400', false),
        item('LAF-010', true, { location_accuracy: 300 }),
      ]);
      const laf400 = itemOf(policy, 'LAF-400');
      const name = unique('Edited');
      const response = await harness.http
        .put(`/api/v1.0/policies/${policy.id}`)
        .set(as(admin))
        .send({
          name,
          items: [{ id: laf400.id, alertTypeCode: 'LAF-400', enabled: true, parameters: laf400.parameters }],
        })
        .expect(200);
      const edited = response.body as PolicyJson;
      expect(edited.name).toBe(name);
      expect(itemOf(edited, 'LAF-400').enabled).toBe(true);
      expect(itemOf(edited, 'LAF-010').parameters).toEqual({ location_accuracy: 300 });
      expect((await harness.http.get(`/api/v1.0/policies/${policy.id}`).set(as(admin))).body).toEqual(edited);

      const sameName = await harness.http
        .put(`/api/v1.0/policies/${policy.id}`)
        .set(as(admin))
        .send({ name: name.toUpperCase(), items: [] })
        .expect(200);
      expect(sameName.body.name).toBe(name.toUpperCase());
    });

    it('refuses an item id the policy does not list that item under', async () => {
      const policy = await created();
      const response = await harness.http
        .put(`/api/v1.0/policies/${policy.id}`)
        .set(as(admin))
        .send({
          name: policy.name,
          items: [{ id: 1, alertTypeCode: 'LAF-400', enabled: true, parameters: {} }],
        })
        .expect(400);
      expect(response.body).toMatchObject([
        { code: 'NOT_POLICY_ITEM', parameters: { type: 'LAF-400', id: 1 } },
      ]);
    });

    it('deletes an unused policy: it leaves the list and cannot be read, edited or used', async () => {
      const policy = await created();
      await harness.http.delete(`/api/v1.0/policies/${policy.id}`).set(as(admin)).expect(204);
      const list = await harness.http.get('/api/v1.0/policies?size=1000').set(as(admin)).expect(200);
      expect((list.body as PolicyJson[]).map((entry) => entry.id)).not.toContain(policy.id);
      expect(
        (await harness.http.get(`/api/v1.0/policies/${policy.id}`).set(as(admin)).expect(404)).body,
      ).toBeNull();
      await harness.http
        .put(`/api/v1.0/policies/${policy.id}`)
        .set(as(admin))
        .send({ name: policy.name, items: [] })
        .expect(404);
      await harness.http.delete(`/api/v1.0/policies/${policy.id}`).set(as(admin)).expect(404);
      const binding = await harness.http
        .post('/api/v1.0/data_collectors')
        .set(as(admin))
        .send({
          name: 'Late',
          description: '',
          data_collector_type_id: 1,
          policy_id: policy.id,
          ip: '127.0.0.1',
          port: 1,
        })
        .expect(400);
      expect(binding.body.message).toBe('Not allowed policy.');
      // The name is free again.
      await create({ name: policy.name, items: [] }).expect(201);
    });

    it('refuses to delete a policy while a data source uses it, and lists that data source', async () => {
      const policy = await created();
      const name = unique('Bound source');
      const sourceId = await dataSource(policy.id, name);
      const read = await harness.http.get(`/api/v1.0/policies/${policy.id}`).set(as(admin)).expect(200);
      expect(read.body.dataCollectors).toEqual([{ id: sourceId, name }]);
      const refused = await harness.http.delete(`/api/v1.0/policies/${policy.id}`).set(as(admin)).expect(403);
      expect(refused.body).toEqual([
        { code: 'POLICY_WITH_DATA_COLLECTORS', message: "Can't delete policy with data collectors." },
      ]);
      await harness.http.delete(`/api/v1.0/data_collectors/${sourceId}`).set(as(admin)).expect(200);
      await harness.http.delete(`/api/v1.0/policies/${policy.id}`).set(as(admin)).expect(204);
    });

    it("does not let a data source use another organization's policy", async () => {
      const foreign = await created([], outsider);
      const binding = await harness.http
        .post('/api/v1.0/data_collectors')
        .set(as(admin))
        .send({
          name: 'Borrower',
          description: '',
          data_collector_type_id: 1,
          policy_id: foreign.id,
          ip: '127.0.0.1',
          port: 1,
        })
        .expect(400);
      expect(binding.body.message).toBe('Not allowed policy.');
    });
  });

  describe('listing', () => {
    it('pages own and global policies by id, with total-items and total-pages', async () => {
      const third = await storedUserToken(harness, {
        userId: 902,
        username: 'third',
        organizationId: 3,
        roles: [2],
      });
      const own: number[] = [];
      for (let index = 0; index < 4; index++) own.push((await created([], third)).id);
      await created([], outsider);
      const page = (query: string) =>
        harness.http.get(`/api/v1.0/policies${query}`).set(as(third)).expect(200);

      const first = await page('');
      expect(first.headers['total-items']).toBe('5');
      expect(first.headers['total-pages']).toBe('1');
      expect((first.body as PolicyJson[]).map((policy) => policy.id)).toEqual([1, ...own]);

      const second = await page('?page=2&size=2');
      expect(second.headers['total-items']).toBe('5');
      expect(second.headers['total-pages']).toBe('3');
      expect((second.body as PolicyJson[]).map((policy) => policy.id)).toEqual(own.slice(1, 3));
      expect((await page('?page=4&size=2')).body).toEqual([]);
      await harness.http.get('/api/v1.0/policies?size=0').set(as(third)).expect(400);
      await harness.http.get('/api/v1.0/policies?page=x').set(as(third)).expect(400);
    });
  });

  describe('refusals', () => {
    it('refuses a name an own or global policy has, but not one only another organization uses', async () => {
      const mine = await created();
      for (const name of ['Default', 'default', ` ${mine.name.toLowerCase()} `]) {
        const response = await create({ name, items: [] }).expect(400);
        expect(response.body).toEqual([{ code: 'EXISTING_NAME', message: 'Existing policy with that name' }]);
      }
      await create({ name: mine.name, items: [] }, outsider).expect(201);
      const other = await created();
      const rename = await harness.http
        .put(`/api/v1.0/policies/${other.id}`)
        .set(as(admin))
        .send({ name: mine.name, items: [] })
        .expect(400);
      expect(rename.body).toEqual([{ code: 'EXISTING_NAME', message: 'Existing policy with that name' }]);
    });

    it.each([
      ['no name', { items: [] }, [{ code: 'MISSING_NAME', parameters: { field: 'name' } }]],
      ['a blank name', { name: '   ', items: [] }, [{ code: 'MISSING_NAME' }]],
      ['a name that is not text', { name: 42, items: [] }, [{ code: 'MISSING_NAME' }]],
      [
        'a 2-character name',
        { name: 'ab', items: [] },
        [{ code: 'BELOW_MIN_LENGTH', parameters: { minLength: 3 } }],
      ],
      [
        'a 101-character name',
        { name: 'n'.repeat(101), items: [] },
        [{ code: 'EXCEED_MAX_LENGTH', parameters: { maxLength: 100 } }],
      ],
      ['no items', { name: 'No items' }, [{ code: 'MISSING_ITEMS', parameters: { field: 'items' } }]],
      ['items that are not a list', { name: 'Bad items', items: {} }, [{ code: 'MISSING_ITEMS' }]],
      [
        'an item without alert type',
        { name: 'Items', items: [{ enabled: true, parameters: {} }] },
        [{ code: 'MISSING_ALERT_TYPE_CODE', parameters: { item: 0 } }],
      ],
      [
        'an item without enabled',
        { name: 'Items', items: [item('LAF-400'), { alertTypeCode: 'LAF-001', parameters: {} }] },
        [{ code: 'MISSING_ENABLED', parameters: { item: 1 } }],
      ],
      [
        'an item without parameters',
        { name: 'Items', items: [{ alertTypeCode: 'LAF-001', enabled: true }] },
        [{ code: 'MISSING_PARAMETERS', parameters: { item: 0 } }],
      ],
      [
        'an unknown field',
        { name: 'Extra', items: [], color: 'red' },
        [{ code: 'UNKNOWN_FIELD', parameters: { field: 'color' } }],
      ],
      [
        'an unknown alert type',
        { name: 'Items', items: [item('LAF-777')] },
        [{ code: 'UNKNOWN_ALERT_TYPE', parameters: { item: 0, type: 'LAF-777' } }],
      ],
      [
        'two items for one alert type',
        { name: 'Items', items: [item('LAF-400'), item('LAF-400', false)] },
        [{ code: 'MANY_ITEMS_FOR_TYPE', parameters: { type: 'LAF-400', count: 2 } }],
      ],
      [
        'an unknown parameter',
        { name: 'Items', items: [item('LAF-010', true, { radius: 5 })] },
        [{ code: 'MISSING_PARAMETER', parameters: { type: 'LAF-010', parameter: 'radius' } }],
      ],
      [
        'a fraction for an Integer',
        { name: 'Items', items: [item('LAF-404', true, { max_join_request_fails: 2.5 })] },
        [
          {
            code: 'NOT_VALID_TYPE',
            parameters: { type: 'LAF-404', parameter: 'max_join_request_fails', requiredType: 'Integer' },
          },
        ],
      ],
      [
        'text for a Float',
        { name: 'Items', items: [item('LAF-010', true, { location_accuracy: 'near' })] },
        [
          {
            code: 'NOT_VALID_TYPE',
            parameters: { type: 'LAF-010', parameter: 'location_accuracy', requiredType: 'Float' },
          },
        ],
      ],
      [
        'a value above the maximum',
        { name: 'Items', items: [item('LAF-101', true, { time_window: 48 })] },
        [
          {
            code: 'EXCEED_MAX_VALUE',
            parameters: { type: 'LAF-101', parameter: 'time_window', maxValue: 24 },
          },
        ],
      ],
      [
        'a value below the minimum',
        { name: 'Items', items: [item('LAF-404', true, { max_join_request_fails: 1 })] },
        [
          {
            code: 'BELOW_MIN_VALUE',
            parameters: { type: 'LAF-404', parameter: 'max_join_request_fails', minValue: 2 },
          },
        ],
      ],
    ])('answers 400 to %s, on create and on edit', async (_case, body, expected) => {
      const creation = await create(body).expect(400);
      expect(creation.body).toMatchObject(expected);
      expect(creation.body).toHaveLength(expected.length);
      const policy = await created();
      const edit = await harness.http
        .put(`/api/v1.0/policies/${policy.id}`)
        .set(as(admin))
        .send(body)
        .expect(400);
      expect(edit.body).toEqual(creation.body);
    });

    it('accepts names of exactly 3 and 100 characters', async () => {
      await create({ name: 'abc', items: [] }).expect(201);
      await create({ name: 'm'.repeat(100), items: [] }).expect(201);
    });

    it("forbids another organization's policy to read, edit or delete, and says so", async () => {
      const mine = await created();
      const read = await harness.http.get(`/api/v1.0/policies/${mine.id}`).set(as(outsider)).expect(403);
      expect(read.body).toEqual([{ code: 'FORBIDDEN', message: "Can't fetch the policy." }]);
      const edit = await harness.http
        .put(`/api/v1.0/policies/${mine.id}`)
        .set(as(outsider))
        .send({ name: 'Taken over', items: [] })
        .expect(403);
      expect(edit.body).toEqual([{ code: 'FORBIDDEN', message: "Can't update the policy." }]);
      const removal = await harness.http
        .delete(`/api/v1.0/policies/${mine.id}`)
        .set(as(outsider))
        .expect(403);
      expect(removal.body).toEqual([{ code: 'FORBIDDEN', message: "Can't delete the policy." }]);
      expect((await harness.http.get(`/api/v1.0/policies/${mine.id}`).set(as(admin))).body.name).toBe(
        mine.name,
      );
    });

    it('answers 404 with null for a policy that does not exist, and 400 for an id that is not one', async () => {
      expect((await harness.http.get('/api/v1.0/policies/9999').set(as(admin)).expect(404)).body).toBeNull();
      const edit = await harness.http
        .put('/api/v1.0/policies/9999')
        .set(as(admin))
        .send({ name: 'Nobody', items: [] });
      expect([edit.status, edit.body]).toEqual([404, null]);
      await harness.http.delete('/api/v1.0/policies/9999').set(as(admin)).expect(404);
      await harness.http.get('/api/v1.0/policies/first').set(as(admin)).expect(400);
    });

    it('answers 409 when the policy changed between reading and recording an edit', async () => {
      const policy = await created();
      const events = harness.app.get<EventStore>(EVENT_STORE);
      const append = events.append.bind(events);
      let interfered = false;
      const spy = jest.spyOn(events, 'append').mockImplementation(async (streamId, batch, expected) => {
        if (!interfered && streamId === `policy-${policy.id}`) {
          interfered = true;
          const meanwhile = { policyId: policy.id, name: 'Meanwhile', items: [] };
          const who = { organizationId: ADMIN_ORG, actor: 'someone else' };
          await append(
            streamId,
            [envelope('PolicyUpdated', meanwhile, who, new Date().toISOString())],
            'any',
          );
        }
        return append(streamId, batch, expected);
      });
      try {
        const response = await harness.http
          .put(`/api/v1.0/policies/${policy.id}`)
          .set(as(admin))
          .send({ name: unique('Mine'), items: [] })
          .expect(409);
        expect(response.body).toMatchObject({ statusCode: 409, error: 'Conflict' });
      } finally {
        spy.mockRestore();
      }
      await waitFor(
        async () =>
          (await harness.http.get(`/api/v1.0/policies/${policy.id}`).set(as(admin))).body.name === 'Meanwhile'
            ? true
            : null,
        5000,
        'the competing edit in the read model',
      );
    });
  });

  describe('a change applies to the next packet', () => {
    const APP_KEY = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
    const JOIN_EUI = '70b3d57ed0000abc';

    it('stays quiet about new devices while LAF-400 is off, and reports the next one once it is on', async () => {
      const policy = await created([item('LAF-400', false)]);
      const sourceId = await dataSource(policy.id);
      const packets = harness.app.get<PacketLog>(PACKET_LOG);
      const joinRequest = (devEui: string, gateway: string, second: number) =>
        packetFromPhy(
          buildJoinRequest({ appKey: APP_KEY, joinEui: JOIN_EUI, devEui, devNonce: 0x0101 + second }),
          {
            organizationId: ADMIN_ORG,
            dataSourceId: sourceId,
            gateway,
            date: new Date(Date.UTC(2026, 0, 5, 10, 0, second)).toISOString(),
          },
        );
      const alerts = async (code: string) =>
        (
          await harness.http
            .get(
              `/api/v1.0/alerts?type[]=${code}&data_collector[]=${sourceId}&include_parameters=true&page=0&size=50`,
            )
            .set(as(admin))
            .expect(200)
        ).body as Array<{ parameters: Record<string, unknown> }>;
      const newGateway = (gateway: string) =>
        waitFor(
          async () =>
            (await alerts('LAF-402')).some((alert) => alert.parameters.gateway === gateway) ? true : null,
          15_000,
          `LAF-402 for gateway ${gateway}`,
        );

      // Device A, then the same device through a second new gateway: the same partition handles both in order,
      // so once the second gateway is reported, everything the first packet could raise has been recorded.
      await packets.append([joinRequest('00000000000000a1', 'aa00000000000001', 0)]);
      await packets.append([joinRequest('00000000000000a1', 'aa00000000000002', 1)]);
      await newGateway('aa00000000000002');
      expect(await alerts('LAF-400')).toEqual([]);

      const laf400 = itemOf(policy, 'LAF-400');
      await harness.http
        .put(`/api/v1.0/policies/${policy.id}`)
        .set(as(admin))
        .send({
          name: policy.name,
          items: [{ id: laf400.id, alertTypeCode: 'LAF-400', enabled: true, parameters: {} }],
        })
        .expect(200);
      await packets.append([joinRequest('00000000000000b2', 'aa00000000000003', 2)]);
      await newGateway('aa00000000000003');
      const reported = await waitFor(
        async () => {
          const found = await alerts('LAF-400');
          return found.length > 0 ? found : null;
        },
        15_000,
        'LAF-400',
      );
      expect(reported.map((alert) => alert.parameters.dev_eui)).toEqual(['00000000000000b2']);
    });
  });
});
