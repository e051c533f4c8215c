import { recordedOf, type EventOf } from '@lorawatch/event-store/typed-events';
import type { Evolver } from '@lorawatch/platform/aggregate';
import {
  PreferencesEventTypes,
  type PreferencesEventPayloads,
  type Channel,
  type DestinationKind,
  type ImportanceName,
  type NotificationDestinationActivated,
  type NotificationDestinationRemoved,
  type NotificationDestinationSet,
  type NotificationMute,
  type NotificationPreferencesChanged,
  type RiskName,
} from './notification-preferences.events';

export interface Destination {
  destinationId: number;
  kind: DestinationKind;
  value: string;
  secretSealed: string | null;
  active: boolean;
  tokenHash: string | null;
  tokenIssuedAt: string | null;
}

export interface PreferencesState {
  risks: Record<RiskName, boolean>;
  importances: Record<ImportanceName, boolean>;
  dataSources: Record<string, boolean>;
  tagIds: number[];
  channels: Record<Channel, boolean>;
  destinations: Destination[];
  /** Alert types and assets the user silenced for a while; absent in documents saved before mutes existed. */
  mutes?: NotificationMute[];
}

/** What a user who never saved preferences gets: every risk, importance and data source on, every channel off. */
export const defaultPreferences = (): PreferencesState => ({
  risks: { high: true, medium: true, low: true, info: true },
  importances: { high: true, medium: true, low: true },
  dataSources: {},
  tagIds: [],
  channels: { sms: false, email: false, push: false, webhook: false },
  destinations: [],
});

export const preferencesEvolver: Evolver<PreferencesState> = {
  initial: defaultPreferences(),
  evolve: (state, event) => evolvePreferences(state, recordedOf<PreferencesEventPayloads>(event)),
};

export function evolvePreferences(state: PreferencesState, event: DecidedEvent): PreferencesState {
  switch (event.type) {
    case PreferencesEventTypes.Changed: {
      const changed = event.data;
      return {
        ...state,
        risks: changed.risks,
        importances: changed.importances,
        dataSources: changed.dataSources,
        tagIds: changed.tagIds,
        channels: changed.channels,
      };
    }
    case PreferencesEventTypes.DestinationAdded:
    case PreferencesEventTypes.DestinationChanged: {
      const set = event.data;
      const destination: Destination = {
        destinationId: set.destinationId,
        kind: set.kind,
        value: set.value,
        secretSealed: set.secretSealed,
        active: set.active,
        tokenHash: set.tokenHash,
        tokenIssuedAt: set.tokenIssuedAt,
      };
      const others = state.destinations.filter((d) => d.destinationId !== set.destinationId);
      return { ...state, destinations: [...others, destination].sort(byId) };
    }
    case PreferencesEventTypes.DestinationRemoved: {
      const { destinationId } = event.data;
      return { ...state, destinations: state.destinations.filter((d) => d.destinationId !== destinationId) };
    }
    case PreferencesEventTypes.DestinationActivated: {
      const { destinationId } = event.data;
      return {
        ...state,
        destinations: state.destinations.map((d) =>
          d.destinationId === destinationId ? { ...d, active: true } : d,
        ),
      };
    }
    case PreferencesEventTypes.MutesChanged:
      return { ...state, mutes: event.data.mutes };
    default:
      return state;
  }
}

const byId = (a: Destination, b: Destination) => a.destinationId - b.destinationId;

/** One requested extra destination: `id` null for a new one; `secretSealed` undefined keeps a webhook's secret. */
export interface DestinationEntry {
  id: number | null;
  value: string;
  secretSealed?: string | null;
}

export interface PreferencesRequest {
  channels: Record<Channel, boolean>;
  /** The lists of the enabled channels; null leaves that kind's destinations as they are (docs/api.md §9). */
  entries: Record<DestinationKind, DestinationEntry[] | null>;
  risks: Partial<Record<RiskName, boolean>>;
  importances: Partial<Record<ImportanceName, boolean>>;
  /** Merged over the stored ones: a data source not mentioned keeps its setting. */
  dataSources: Record<string, boolean>;
  tagIds: number[];
}

export interface ActivationToken {
  token: string;
  hash: string;
}

/** Values made outside the decision (ids, random tokens, the time): enough for every entry of the request. */
export interface Minted {
  now: string;
  newIds: number[];
  tokens: ActivationToken[];
}

export interface ActivationMail {
  kind: 'email' | 'phone';
  value: string;
  token: string;
}

export type DecidedEvent = EventOf<PreferencesEventPayloads>;

export type PreferencesDecision =
  { ok: true; events: DecidedEvent[]; activations: ActivationMail[] } | { ok: false; error: 'not exist id' };

/** How many new ids and tokens a request may need, so the caller can mint them before deciding. */
export function mintNeeds(request: PreferencesRequest): { ids: number; tokens: number } {
  const lists = Object.entries(request.entries) as Array<[DestinationKind, DestinationEntry[] | null]>;
  let ids = 0;
  let tokens = 0;
  for (const [kind, entries] of lists) {
    for (const entry of entries ?? []) {
      if (entry.id === null) ids++;
      if (kind !== 'webhook') tokens++;
    }
  }
  return { ids, tokens };
}

export function decideSetPreferences(
  state: PreferencesState,
  who: { userId: number; organizationId: number },
  request: PreferencesRequest,
  minted: Minted,
): PreferencesDecision {
  const newIds = [...minted.newIds];
  const tokens = [...minted.tokens];
  const events: DecidedEvent[] = [];
  const activations: ActivationMail[] = [];
  const kinds: DestinationKind[] = ['email', 'phone', 'webhook'];

  for (const kind of kinds) {
    const entries = request.entries[kind];
    if (entries === null) continue;
    const current = state.destinations.filter((d) => d.kind === kind);
    const knownIds = new Set(current.map((d) => d.destinationId));
    if (entries.some((entry) => entry.id !== null && !knownIds.has(entry.id)))
      return { ok: false, error: 'not exist id' };

    const kept = new Set(entries.flatMap((entry) => (entry.id === null ? [] : [entry.id])));
    for (const gone of current.filter((d) => !kept.has(d.destinationId))) {
      const removed: NotificationDestinationRemoved = { ...who, destinationId: gone.destinationId, kind };
      events.push({ type: PreferencesEventTypes.DestinationRemoved, data: removed });
    }

    for (const entry of entries) {
      const existing = current.find((d) => d.destinationId === entry.id);
      if (existing && !destinationChanged(existing, entry)) continue;
      const needsProof = kind !== 'webhook' && (!existing || existing.value !== entry.value);
      const token = needsProof ? tokens.shift() : undefined;
      if (needsProof && !token) throw new Error('Not enough activation tokens minted');
      const destinationId = existing?.destinationId ?? newIds.shift();
      if (destinationId === undefined) throw new Error('Not enough destination ids minted');
      const set: NotificationDestinationSet = {
        ...who,
        destinationId,
        kind,
        value: entry.value,
        secretSealed:
          kind === 'webhook'
            ? entry.secretSealed === undefined
              ? (existing?.secretSealed ?? null)
              : entry.secretSealed
            : null,
        // Webhooks are trusted as entered (docs/api.md §9 [develop]); addresses must be proven first.
        active: kind === 'webhook' ? true : needsProof ? false : (existing?.active ?? false),
        tokenHash: token ? token.hash : (existing?.tokenHash ?? null),
        tokenIssuedAt: token ? minted.now : (existing?.tokenIssuedAt ?? null),
      };
      events.push({
        type: existing ? PreferencesEventTypes.DestinationChanged : PreferencesEventTypes.DestinationAdded,
        data: set,
      });
      if (token && kind !== 'webhook') activations.push({ kind, value: entry.value, token: token.token });
    }
  }

  const changed: NotificationPreferencesChanged = {
    ...who,
    risks: { ...state.risks, ...request.risks },
    importances: { ...state.importances, ...request.importances },
    dataSources: { ...state.dataSources, ...request.dataSources },
    tagIds: [...new Set(request.tagIds)],
    // No SMS gateway exists: the channel stays off whatever is asked (the console shows it forced disabled).
    channels: { ...request.channels, sms: false },
  };
  if (!sameSettings(state, changed)) events.push({ type: PreferencesEventTypes.Changed, data: changed });
  return { ok: true, events, activations };
}

function destinationChanged(existing: Destination, entry: DestinationEntry): boolean {
  if (existing.value !== entry.value) return true;
  return existing.kind === 'webhook' && entry.secretSealed !== undefined;
}

function sameSettings(state: PreferencesState, changed: NotificationPreferencesChanged): boolean {
  const settings = (s: Omit<NotificationPreferencesChanged, 'userId' | 'organizationId'>) =>
    JSON.stringify([s.risks, s.importances, sortedEntries(s.dataSources), s.tagIds, s.channels]);
  return settings(state) === settings(changed);
}

const sortedEntries = (record: Record<string, boolean>) =>
  Object.entries(record).sort(([a], [b]) => a.localeCompare(b));

/** Activation links work for a day (docs/api.md §9). */
export const ACTIVATION_TOKEN_LIFETIME_MS = 24 * 3600 * 1000;

export type ActivationResult =
  | { result: 'SUCCESS'; kind: 'email' | 'phone'; value: string; event: NotificationDestinationActivated }
  | { result: 'NOT_FOUND' }
  | { result: 'DISABLED_TOKEN' }
  | { result: 'EMAIL_ALREADY_ACTIVE' }
  | { result: 'PHONE_ALREADY_ACTIVE' };

/** Following an activation link of `kind` carrying the token whose hash is `tokenHash`, at `now`. */
export function decideActivation(
  state: PreferencesState,
  who: { userId: number; organizationId: number },
  kind: 'email' | 'phone',
  tokenHash: string,
  now: string,
): ActivationResult {
  const destination = state.destinations.find((d) => d.kind === kind && d.tokenHash === tokenHash);
  if (!destination) return { result: 'NOT_FOUND' };
  if (destination.active)
    return { result: kind === 'email' ? 'EMAIL_ALREADY_ACTIVE' : 'PHONE_ALREADY_ACTIVE' };
  const issuedAt = Date.parse(destination.tokenIssuedAt ?? '');
  if (!Number.isFinite(issuedAt) || Date.parse(now) - issuedAt > ACTIVATION_TOKEN_LIFETIME_MS)
    return { result: 'DISABLED_TOKEN' };
  return {
    result: 'SUCCESS',
    kind,
    value: destination.value,
    event: { ...who, destinationId: destination.destinationId, kind, activatedAt: now },
  };
}
