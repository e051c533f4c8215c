import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { Projection } from '@lorawatch/projections/projection';
import type { WriteOp } from '@lorawatch/read-store/read-store.port';
import { AppKeyEventTypes, type AppKeyEventPayloads } from '../domain/app-key.events';
import { APP_KEYS, appKeyDocId, type AppKeyView } from './app-key.view';
import { recordedOf } from '@lorawatch/event-store/typed-events';

export const APP_KEYS_PROJECTION = 'app_keys';

/** Upserts and deletes by key, so replaying the events gives the same documents. */
export const appKeysProjection: Projection = {
  name: APP_KEYS_PROJECTION,
  collections: [APP_KEYS],
  eventTypes: [AppKeyEventTypes.Added, AppKeyEventTypes.Removed],
  project(recorded: RecordedEvent): WriteOp[] {
    const event = recordedOf<AppKeyEventPayloads>(recorded);
    if (event.type === AppKeyEventTypes.Added) {
      const { organizationId, keys } = event.data;
      return keys.map(({ id, key }) => {
        const doc: AppKeyView = { id: appKeyDocId(organizationId, key), keyId: id, organizationId, key };
        return { op: 'upsert', collection: APP_KEYS.name, doc };
      });
    }
    const { organizationId, keys } = event.data;
    return keys.map(({ key }) => ({
      op: 'delete',
      collection: APP_KEYS.name,
      id: appKeyDocId(organizationId, key),
    }));
  },
};
