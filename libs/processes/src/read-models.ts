import { accountsProjection } from '@lorawatch/accounts/projection/accounts.projection';
import { alertsAnnouncer } from '@lorawatch/alerts/projection/alerts.announcer';
import { alertsProjection } from '@lorawatch/alerts/projection/alerts.projection';
import { appKeysProjection } from '@lorawatch/app-keys/projection/app-keys.projection';
import { assetsProjections } from '@lorawatch/assets/assets.projections';
import { auditEventsProjection } from '@lorawatch/audit/events/audit-events.projection';
import { dashboardProjections } from '@lorawatch/dashboard/dashboard.projections';
import { dataSourcesAnnouncer } from '@lorawatch/data-sources/projection/data-sources.announcer';
import { dataSourceLogProjection } from '@lorawatch/data-sources/projection/data-source-log.projection';
import { dataSourcesProjection } from '@lorawatch/data-sources/projection/data-sources.projection';
import { issuesProjection } from '@lorawatch/issues/projection/issues.projection';
import { notificationsAnnouncer } from '@lorawatch/notifications/projection/notifications.announcer';
import { notificationsProjections } from '@lorawatch/notifications/notifications.projections';
import { policiesProjection } from '@lorawatch/policies/policies.projection';
import type { ProjectionAnnouncer } from '@lorawatch/projections/announcer';
import type { Projection } from '@lorawatch/projections/projection';
import { tagsProjections } from '@lorawatch/tags/tags.projections';

/** Every projection of the product, in the order the runner starts them. */
export const PROJECTIONS_IN_ORDER: Projection[] = [
  accountsProjection,
  policiesProjection,
  dataSourcesProjection,
  dataSourceLogProjection,
  alertsProjection,
  issuesProjection,
  appKeysProjection,
  ...assetsProjections,
  ...tagsProjections,
  ...notificationsProjections,
  ...dashboardProjections,
  auditEventsProjection,
];

/** What each context announces on the websocket once its projection committed an event (one set per api). */
export function productAnnouncers(): ProjectionAnnouncer[] {
  return [alertsAnnouncer(), dataSourcesAnnouncer(), notificationsAnnouncer()];
}
