import { isAlertEvent } from '@lorawatch/alerts';
import { AlertEventTypes } from '@lorawatch/domain/alert.events';
import { alertTypeByCode } from '@lorawatch/domain/alert-catalogue';
import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { IssueEventTypes, type IssueEventPayloads } from '@lorawatch/domain/issue.events';
import { eventGuard } from '@lorawatch/event-store/typed-events';

/** The events after which an alert may have become visible. */
export const VISIBILITY_EVENT_TYPES = [AlertEventTypes.Raised, IssueEventTypes.Opened];

const isIssueEvent = eventGuard<IssueEventPayloads>();

/**
 * The alert an event makes visible, mirroring the alerts projection (`newlyVisibleAlertId`): an alert of a type
 * that is not an issue shows when raised; one of an issue type stays hidden until it opens its issue. Exactly one
 * event per alert qualifies, so each alert is notified once.
 */
export function alertMadeVisible(event: RecordedEvent): string | null {
  if (isAlertEvent(event, AlertEventTypes.Raised)) {
    const alert = event.data;
    return alertTypeByCode(alert.code)?.isIssue ? null : alert.id;
  }
  if (isIssueEvent(event, IssueEventTypes.Opened)) {
    const opened = event.data;
    return alertTypeByCode(opened.code)?.isIssue ? opened.alertId : null;
  }
  return null;
}
