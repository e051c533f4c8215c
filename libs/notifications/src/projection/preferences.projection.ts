import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { Projection } from '@lorawatch/projections/projection';
import type { ReadStore, WriteOp } from '@lorawatch/read-store/read-store.port';
import { defaultPreferences, evolvePreferences } from '../domain/notification-preferences';
import {
  PreferencesEventTypes,
  type PreferencesEvent,
  type PreferencesEventPayloads,
} from '../domain/notification-preferences.events';
import {
  NOTIFICATION_ACTIVATION_TOKENS,
  NOTIFICATION_PREFERENCES,
  type ActivationTokenView,
  type PreferencesView,
} from './preferences.view';
import { recordedOf } from '@lorawatch/event-store/typed-events';

export const preferencesProjection: Projection = {
  name: 'notification_preferences',
  collections: [NOTIFICATION_PREFERENCES, NOTIFICATION_ACTIVATION_TOKENS],
  eventTypes: Object.values(PreferencesEventTypes),
  async project(recorded: RecordedEvent, store: ReadStore): Promise<WriteOp[]> {
    const event = recordedOf<PreferencesEventPayloads>(recorded);
    const { userId, organizationId } = event.data;
    const before = await store.collection<PreferencesView>(NOTIFICATION_PREFERENCES).get(String(userId));
    const state = evolvePreferences(before ?? defaultPreferences(), event);
    const view: PreferencesView = { ...state, id: String(userId), userId, organizationId };
    return [
      { op: 'upsert', collection: NOTIFICATION_PREFERENCES.name, doc: view },
      ...tokenOps(event, before),
    ];
  },
};

function tokenOps(event: PreferencesEvent, before: PreferencesView | null): WriteOp[] {
  const collection = NOTIFICATION_ACTIVATION_TOKENS.name;
  const previousHash = (destinationId: number) =>
    before?.destinations.find((d) => d.destinationId === destinationId)?.tokenHash ?? null;
  switch (event.type) {
    case PreferencesEventTypes.DestinationAdded:
    case PreferencesEventTypes.DestinationChanged: {
      const set = event.data;
      const ops: WriteOp[] = [];
      const old = previousHash(set.destinationId);
      if (old !== null && old !== set.tokenHash) ops.push({ op: 'delete', collection, id: old });
      if (set.tokenHash !== null) {
        const doc: ActivationTokenView = {
          id: set.tokenHash,
          userId: set.userId,
          organizationId: set.organizationId,
          destinationId: set.destinationId,
          kind: set.kind,
        };
        ops.push({ op: 'upsert', collection, doc });
      }
      return ops;
    }
    case PreferencesEventTypes.DestinationRemoved: {
      const old = previousHash(event.data.destinationId);
      return old === null ? [] : [{ op: 'delete', collection, id: old }];
    }
    default:
      return [];
  }
}
