import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { dataSourceListJson } from '@lorawatch/domain/data-source.json';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { defaultPreferences, type PreferencesState } from '../../domain/notification-preferences';
import { IMPORTANCE_NAMES, RISK_NAMES } from '../../domain/notification-preferences.events';
import type { AssetLabels } from '../../ports/asset-labels.port';
import { NOTIFICATION_PREFERENCES, type PreferencesView } from '../../projection/preferences.view';

/**
 * The caller's preferences in the shape of docs/api.md §9. A user who never saved any sees the defaults. Webhook
 * secrets are write-only: `secret` is always null here. Disabled and deleted data sources are left out.
 */
export async function getNotificationPreferences(store: ReadStore, labels: AssetLabels, caller: AuthUser) {
  const saved = await store.collection<PreferencesView>(NOTIFICATION_PREFERENCES).get(String(caller.userId));
  const preferences: PreferencesState = saved ?? defaultPreferences();
  const sources = await store
    .collection<DataSourceView>(DATA_SOURCES)
    .find(
      { organizationId: caller.organizationId, deleted: false, status: { $ne: 'DISABLED' } },
      { sort: [['dataSourceId', 'asc']] },
    );
  const assetLabels = await labels.labels(caller.organizationId, preferences.tagIds);
  const of = (kind: string) => preferences.destinations.filter((d) => d.kind === kind);
  return {
    destinations: [
      {
        destination: 'sms',
        enabled: false,
        additional: of('phone').map((d) => ({ id: d.destinationId, phone: d.value, active: d.active })),
      },
      {
        destination: 'email',
        enabled: preferences.channels.email,
        additional: of('email').map((d) => ({ id: d.destinationId, email: d.value, active: d.active })),
      },
      { destination: 'push', enabled: preferences.channels.push },
      {
        destination: 'webhook',
        enabled: preferences.channels.webhook,
        additional: of('webhook').map((d) => ({
          id: d.destinationId,
          url: d.value,
          secret: null,
          active: d.active,
        })),
      },
    ],
    risks: RISK_NAMES.map((name) => ({ name, enabled: preferences.risks[name] })),
    asset_importance: IMPORTANCE_NAMES.map((name) => ({ name, enabled: preferences.importances[name] })),
    dataCollectors: sources.map((source) => ({
      enabled: preferences.dataSources[String(source.dataSourceId)] !== false,
      dataCollectorId: source.dataSourceId,
      dataCollector: dataSourceListJson(source),
    })),
    asset_tags: preferences.tagIds.flatMap((id) => {
      const label = assetLabels.get(id);
      return label ? [label] : [];
    }),
  };
}
