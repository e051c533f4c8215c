import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import { IssueEventTypes, type IssueEventPayloads } from '@lorawatch/domain/issue.events';
import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { eventGuard } from '@lorawatch/event-store/typed-events';
import type { Announcements, ProjectionAnnouncer } from '@lorawatch/projections/announcer';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { AlertEventTypes, isAlertEvent } from '../alert.events';
import { alertJson } from '../queries/alert.json';
import { ALERTS, type AlertView } from '@lorawatch/domain/alert.view';
import { alertsProjection } from './alerts.projection';

/** Alerts announced lately are remembered up to this many: a raised alert and its issue may both point at one. */
const REMEMBERED = 10_000;

const isIssueEvent = eventGuard<IssueEventPayloads>();

/**
 * `new_alert`, once an alert is visible in the alerts read model: when raised, or, for the types that stay hidden
 * until their issue opens, when that issue opens. Each alert is announced once.
 */
export function alertsAnnouncer(): ProjectionAnnouncer {
  const announced = new Set<string>();
  return {
    projection: alertsProjection.name,
    async announce(event: RecordedEvent, store: ReadStore, out: Announcements): Promise<void> {
      const organizationId = event.metadata.organizationId;
      const alertId = isAlertEvent(event, AlertEventTypes.Raised)
        ? event.data.id
        : isIssueEvent(event, IssueEventTypes.Opened)
          ? event.data.alertId
          : null;
      if (organizationId === null || alertId === null || announced.has(alertId)) return;
      const alert = await store.collection<AlertView>(ALERTS).get(alertId);
      if (!alert || !alert.show) return;
      announced.add(alertId);
      if (announced.size > REMEMBERED) announced.delete(announced.values().next().value as string);
      const source = await store.collection<DataSourceView>(DATA_SOURCES).get(String(alert.dataSourceId));
      out.newAlert(organizationId, {
        alert_id: alert.numericId,
        alert: alertJson(alert, source?.name ?? null, true),
      });
    },
  };
}
