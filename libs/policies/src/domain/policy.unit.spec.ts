import { defaultPolicyItems, type PolicyItem } from '@lorawatch/domain/policy';
import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import {
  decide,
  decideCreate,
  policyEvolver,
  readableBy,
  sameName,
  type PolicyCommand,
  type PolicyState,
} from './policy';
import { PolicyEventTypes, type PolicyEvent } from './policy.events';

const ORG = 7;
const OTHER_ORG = 8;

function recorded(events: PolicyEvent[]): RecordedEvent[] {
  return events.map((event, revision) => ({
    id: `e${revision}`,
    type: event.type,
    data: event.data,
    metadata: {
      organizationId: ORG,
      actor: 'test',
      correlationId: 'c',
      causationId: null,
      occurredAt: '2026-01-01T00:00:00Z',
      schemaVersion: 1,
    },
    streamId: 'policy-5',
    revision,
    position: revision + 1,
    recordedAt: '2026-01-01T00:00:00Z',
  }));
}

const given = (...events: PolicyEvent[]): PolicyState =>
  recorded(events).reduce(policyEvolver.evolve, policyEvolver.initial);

const created = (
  overrides: Partial<{ organizationId: number | null; isDefault: boolean; items: PolicyItem[] }> = {},
): PolicyEvent => ({
  type: PolicyEventTypes.Created,
  data: {
    policyId: 5,
    organizationId: ORG,
    name: 'Strict',
    isDefault: false,
    items: [
      { alertTypeCode: 'LAF-400', enabled: false, parameters: {} },
      { alertTypeCode: 'LAF-010', enabled: true, parameters: { location_accuracy: 200 } },
    ],
    ...overrides,
  },
});

const update = (overrides: Partial<Extract<PolicyCommand, { kind: 'update' }>> = {}): PolicyCommand => ({
  kind: 'update',
  organizationId: ORG,
  name: 'Stricter',
  items: [{ alertTypeCode: 'LAF-400', enabled: true, parameters: {} }],
  nameTaken: false,
  ...overrides,
});

const remove = (boundDataSources = 0, organizationId = ORG): PolicyCommand => ({
  kind: 'delete',
  organizationId,
  boundDataSources,
});

describe('creating a policy', () => {
  it('records the trimmed name and the checked items for the organization', () => {
    const decision = decideCreate({
      organizationId: ORG,
      name: '  Quiet  ',
      items: [
        {
          alertTypeCode: 'LAF-101',
          enabled: true,
          parameters: { max_lost_packets: '50', time_window: null },
        },
      ],
      nameTaken: false,
    });
    expect(decision).toEqual({
      ok: true,
      value: {
        organizationId: ORG,
        name: 'Quiet',
        isDefault: false,
        items: [{ alertTypeCode: 'LAF-101', enabled: true, parameters: { max_lost_packets: 50 } }],
      },
    });
  });

  it('refuses a name another visible policy has', () => {
    const decision = decideCreate({ organizationId: ORG, name: 'Default', items: [], nameTaken: true });
    expect(decision).toEqual({
      ok: false,
      rejection: {
        reason: 'invalid',
        errors: [{ code: 'EXISTING_NAME', message: 'Existing policy with that name' }],
      },
    });
  });

  it('refuses items the catalogue does not allow', () => {
    const decision = decideCreate({
      organizationId: ORG,
      name: 'Loose',
      items: [{ alertTypeCode: 'LAF-404', enabled: true, parameters: { max_join_request_fails: 1 } }],
      nameTaken: false,
    });
    expect(decision.ok).toBe(false);
    expect(!decision.ok && decision.rejection).toMatchObject({
      reason: 'invalid',
      errors: [
        { code: 'BELOW_MIN_VALUE', parameters: { type: 'LAF-404', parameter: 'max_join_request_fails' } },
      ],
    });
  });
});

describe('updating a policy', () => {
  it('renames it and replaces only the items it names', () => {
    const decision = decide(given(created()), update());
    expect(decision).toEqual({
      ok: true,
      value: [
        {
          type: PolicyEventTypes.Updated,
          data: {
            policyId: 5,
            name: 'Stricter',
            items: [
              { alertTypeCode: 'LAF-400', enabled: true, parameters: {} },
              { alertTypeCode: 'LAF-010', enabled: true, parameters: { location_accuracy: 200 } },
            ],
          },
        },
      ],
    });
  });

  it('adds items for alert types the policy had none for', () => {
    const decision = decide(
      given(created()),
      update({ items: [{ alertTypeCode: 'LAF-002', enabled: true, parameters: {} }] }),
    );
    const items =
      decision.ok && decision.value[0].type === PolicyEventTypes.Updated ? decision.value[0].data.items : [];
    expect(items.map((item) => item.alertTypeCode)).toEqual(['LAF-400', 'LAF-010', 'LAF-002']);
  });

  it('evolves to the updated items, so a second update starts from them', () => {
    const first = decide(given(created()), update());
    if (!first.ok) throw new Error('first update refused');
    const state = given(created(), ...first.value);
    expect(state.name).toBe('Stricter');
    expect(state.items[0]).toEqual({ alertTypeCode: 'LAF-400', enabled: true, parameters: {} });
  });

  it.each([
    ['a policy that was never created', given(), 'not_found', undefined],
    [
      'a deleted policy',
      given(created(), { type: PolicyEventTypes.Deleted, data: { policyId: 5 } }),
      'not_found',
      undefined,
    ],
    [
      'the default policy',
      given(created({ organizationId: null, isDefault: true, items: defaultPolicyItems() })),
      'forbidden',
      'DEFAULT_POLICY',
    ],
    ['a global policy', given(created({ organizationId: null })), 'forbidden', 'FORBIDDEN'],
    [
      "another organization's policy",
      given(created({ organizationId: OTHER_ORG })),
      'forbidden',
      'FORBIDDEN',
    ],
  ])('refuses %s', (_case, state, reason, code) => {
    const decision = decide(state, update());
    expect(decision.ok).toBe(false);
    if (decision.ok) return;
    expect(decision.rejection.reason).toBe(reason);
    if (code) expect(decision.rejection).toMatchObject({ errors: [{ code }] });
  });

  it('says which default-policy action it refused', () => {
    const state = given(created({ organizationId: null, isDefault: true }));
    expect(decide(state, update())).toMatchObject({
      rejection: { errors: [{ message: "Can't update default policy." }] },
    });
    expect(decide(state, remove())).toMatchObject({
      rejection: { errors: [{ message: "Can't delete default policy." }] },
    });
  });

  it('refuses a name another policy has, but not its own', () => {
    expect(decide(given(created()), update({ nameTaken: true }))).toMatchObject({
      ok: false,
      rejection: { errors: [{ code: 'EXISTING_NAME' }] },
    });
    expect(decide(given(created()), update({ name: 'Strict' })).ok).toBe(true);
  });

  it('refuses an item id that is not the one the policy lists the item under', () => {
    const decision = decide(
      given(created()),
      update({ items: [{ id: 999, alertTypeCode: 'LAF-400', enabled: true, parameters: {} }] }),
    );
    expect(decision).toMatchObject({ ok: false, rejection: { errors: [{ code: 'NOT_POLICY_ITEM' }] } });
  });
});

describe('deleting a policy', () => {
  it('records the deletion of an unused policy of the organization', () => {
    expect(decide(given(created()), remove())).toEqual({
      ok: true,
      value: [{ type: PolicyEventTypes.Deleted, data: { policyId: 5 } }],
    });
  });

  it('refuses while data sources use it', () => {
    expect(decide(given(created()), remove(2))).toEqual({
      ok: false,
      rejection: {
        reason: 'forbidden',
        errors: [
          { code: 'POLICY_WITH_DATA_COLLECTORS', message: "Can't delete policy with data collectors." },
        ],
      },
    });
  });

  it("refuses another organization's policy before looking at its data sources", () => {
    expect(decide(given(created()), remove(3, OTHER_ORG))).toMatchObject({
      rejection: {
        reason: 'forbidden',
        errors: [{ code: 'FORBIDDEN', message: "Can't delete the policy." }],
      },
    });
  });

  it('leaves nothing to delete twice', () => {
    const state = given(created(), { type: PolicyEventTypes.Deleted, data: { policyId: 5 } });
    expect(decide(state, remove())).toEqual({ ok: false, rejection: { reason: 'not_found' } });
  });
});

describe('reading (and cloning) a policy', () => {
  it('is allowed for its own organization and for global policies', () => {
    expect(readableBy(given(created()), ORG)).toBeNull();
    expect(readableBy(given(created({ organizationId: null })), OTHER_ORG)).toBeNull();
  });

  it("is forbidden for another organization's policy and impossible for a deleted one", () => {
    expect(readableBy(given(created()), OTHER_ORG)).toMatchObject({ errors: [{ code: 'FORBIDDEN' }] });
    const deleted = given(created(), { type: PolicyEventTypes.Deleted, data: { policyId: 5 } });
    expect(readableBy(deleted, ORG)).toEqual({ reason: 'not_found' });
  });
});

describe('policy names', () => {
  it('clash whatever their case and surrounding spaces', () => {
    expect(sameName(' default', 'Default')).toBe(true);
    expect(sameName('Default', 'Default 2')).toBe(false);
  });
});
