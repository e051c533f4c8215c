import type { AlertEventPayloads } from '@lorawatch/domain/alert.events';
import { eventGuard, type RecordedOf } from '@lorawatch/event-store/typed-events';

/*
 * The alert events themselves are declared in @lorawatch/domain/alert.events, beneath the contexts that write or read
 * them without depending on the alerts (the detection, the audit). The alerts' own files and tests read them here.
 */
export {
  AlertEventTypes,
  alertStream,
  type AlertEventPayloads,
  type AlertRaised,
  type AlertResolved,
} from '@lorawatch/domain/alert.events';
export type { AlertResolver } from '@lorawatch/domain/alert.view';

export type AlertEvent = RecordedOf<AlertEventPayloads>;
export const isAlertEvent = eventGuard<AlertEventPayloads>();
