import {
  ACTIVATION_TOKEN_LIFETIME_MS,
  decideActivation,
  decideSetPreferences,
  defaultPreferences,
  evolvePreferences,
  type DecidedEvent,
  type PreferencesRequest,
  type PreferencesState,
} from './notification-preferences';
import { PreferencesEventTypes } from './notification-preferences.events';

const who = { userId: 7, organizationId: 1 };
const NOW = '2024-05-01T10:00:00.000Z';
const token = (n: number) => ({ token: `token-${n}`, hash: `hash-${n}` });

const request = (overrides: Partial<PreferencesRequest> = {}): PreferencesRequest => ({
  channels: { sms: false, email: false, push: false, webhook: false },
  entries: { email: null, phone: null, webhook: null },
  risks: {},
  importances: {},
  dataSources: {},
  tagIds: [],
  ...overrides,
});

const given = (events: DecidedEvent[]): PreferencesState =>
  events.reduce((state, event) => evolvePreferences(state, event), defaultPreferences());

function decided(state: PreferencesState, body: PreferencesRequest, ids = [11], tokens = [token(1)]) {
  const decision = decideSetPreferences(state, who, body, { now: NOW, newIds: ids, tokens });
  if (!decision.ok) throw new Error(decision.error);
  return decision;
}

describe('notification preferences', () => {
  it('start with every risk, importance and data source on and every channel off', () => {
    const state = defaultPreferences();
    expect(Object.values(state.risks).every(Boolean)).toBe(true);
    expect(Object.values(state.importances).every(Boolean)).toBe(true);
    expect(state.dataSources).toEqual({});
    expect(Object.values(state.channels).some(Boolean)).toBe(false);
  });

  it('add an extra email inactive, with a token to mail', () => {
    const body = request({
      channels: { sms: false, email: true, push: false, webhook: false },
      entries: { email: [{ id: null, value: 'ops@example.com' }], phone: null, webhook: null },
    });
    const decision = decided(defaultPreferences(), body);
    expect(decision.activations).toEqual([{ kind: 'email', value: 'ops@example.com', token: 'token-1' }]);
    const state = given(decision.events);
    expect(state.destinations).toEqual([
      expect.objectContaining({ destinationId: 11, kind: 'email', active: false, tokenHash: 'hash-1' }),
    ]);
    expect(state.channels.email).toBe(true);
  });

  it('keep an unchanged address as it is, reset a changed one, drop a missing one', () => {
    const twoAddresses = request({
      channels: { sms: false, email: true, push: false, webhook: false },
      entries: {
        email: [
          { id: null, value: 'a@example.com' },
          { id: null, value: 'b@example.com' },
        ],
        phone: null,
        webhook: null,
      },
    });
    let state = given(decided(defaultPreferences(), twoAddresses, [1, 2], [token(1), token(2)]).events);
    state = evolvePreferences(state, {
      type: PreferencesEventTypes.DestinationActivated,
      data: { ...who, destinationId: 1, kind: 'email', activatedAt: NOW },
    });
    const next = decided(
      state,
      request({
        channels: { sms: false, email: true, push: false, webhook: false },
        entries: { email: [{ id: 1, value: 'a@example.com' }], phone: null, webhook: null },
      }),
      [],
      [token(3)],
    );
    expect(next.activations).toEqual([]);
    expect(next.events.map((event) => event.type)).toEqual([PreferencesEventTypes.DestinationRemoved]);

    const changed = decided(
      state,
      request({
        channels: { sms: false, email: true, push: false, webhook: false },
        entries: { email: [{ id: 1, value: 'new@example.com' }], phone: null, webhook: null },
      }),
      [],
      [token(4)],
    );
    const reset = changed.events.reduce((s, e) => evolvePreferences(s, e), state);
    expect(reset.destinations).toEqual([
      expect.objectContaining({
        destinationId: 1,
        value: 'new@example.com',
        active: false,
        tokenHash: 'hash-4',
      }),
    ]);
  });

  it('refuse an id the user does not have', () => {
    const decision = decideSetPreferences(
      defaultPreferences(),
      who,
      request({
        channels: { sms: false, email: true, push: false, webhook: false },
        entries: { email: [{ id: 99, value: 'x@example.com' }], phone: null, webhook: null },
      }),
      { now: NOW, newIds: [], tokens: [token(1)] },
    );
    expect(decision).toEqual({ ok: false, error: 'not exist id' });
  });

  it('add webhooks active, keep their secret when none is given, never turn sms on', () => {
    const withWebhook = request({
      channels: { sms: true, email: false, push: false, webhook: true },
      entries: {
        email: null,
        phone: null,
        webhook: [{ id: null, value: 'https://hooks.example.com/a', secretSealed: 'sealed-1' }],
      },
    });
    const state = given(decided(defaultPreferences(), withWebhook, [5], []).events);
    expect(state.channels.sms).toBe(false);
    expect(state.destinations).toEqual([
      expect.objectContaining({ kind: 'webhook', active: true, secretSealed: 'sealed-1', tokenHash: null }),
    ]);
    const renamed = decided(
      state,
      request({
        channels: { sms: false, email: false, push: false, webhook: true },
        entries: { email: null, phone: null, webhook: [{ id: 5, value: 'https://hooks.example.com/b' }] },
      }),
      [],
      [],
    );
    const after = renamed.events.reduce((s, e) => evolvePreferences(s, e), state);
    expect(after.destinations).toEqual([
      expect.objectContaining({
        value: 'https://hooks.example.com/b',
        secretSealed: 'sealed-1',
        active: true,
      }),
    ]);
  });

  it('record nothing when nothing changes', () => {
    expect(decided(defaultPreferences(), request(), [], []).events).toEqual([]);
  });
});

describe('activation links', () => {
  const pending = given(
    decided(
      defaultPreferences(),
      request({
        channels: { sms: false, email: true, push: false, webhook: false },
        entries: { email: [{ id: null, value: 'ops@example.com' }], phone: null, webhook: null },
      }),
    ).events,
  );
  const later = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();

  it('activate the address within a day', () => {
    const result = decideActivation(pending, who, 'email', 'hash-1', later(3600_000));
    expect(result).toMatchObject({ result: 'SUCCESS', value: 'ops@example.com' });
  });

  it('say DISABLED_TOKEN after 24 h, NOT_FOUND for another token or kind', () => {
    expect(
      decideActivation(pending, who, 'email', 'hash-1', later(ACTIVATION_TOKEN_LIFETIME_MS + 1)),
    ).toEqual({
      result: 'DISABLED_TOKEN',
    });
    expect(decideActivation(pending, who, 'email', 'hash-2', NOW)).toEqual({ result: 'NOT_FOUND' });
    expect(decideActivation(pending, who, 'phone', 'hash-1', NOW)).toEqual({ result: 'NOT_FOUND' });
  });

  it('say EMAIL_ALREADY_ACTIVE / PHONE_ALREADY_ACTIVE the second time', () => {
    const first = decideActivation(pending, who, 'email', 'hash-1', NOW);
    if (first.result !== 'SUCCESS') throw new Error(first.result);
    const active = evolvePreferences(pending, {
      type: PreferencesEventTypes.DestinationActivated,
      data: first.event,
    });
    expect(decideActivation(active, who, 'email', 'hash-1', NOW)).toEqual({ result: 'EMAIL_ALREADY_ACTIVE' });

    const phone = evolvePreferences(defaultPreferences(), {
      type: PreferencesEventTypes.DestinationAdded,
      data: {
        ...who,
        destinationId: 3,
        kind: 'phone',
        value: '+15550100',
        secretSealed: null,
        active: true,
        tokenHash: 'hash-p',
        tokenIssuedAt: NOW,
      },
    });
    expect(decideActivation(phone, who, 'phone', 'hash-p', NOW)).toEqual({ result: 'PHONE_ALREADY_ACTIVE' });
  });
});
