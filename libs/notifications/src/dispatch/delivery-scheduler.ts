import { Logger } from '@nestjs/common';
import type { EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import type { Clock } from '@lorawatch/platform/clock';
import { deterministicUuid } from '@lorawatch/platform/deterministic-uuid';
import { attemptOutcome, retryDelayMs, type NotificationState } from '../domain/notification';
import { NotificationEventTypes, notificationStream } from '../domain/notification.events';
import type { DeliveryJob, DeliverySender } from './delivery-sender';

const ACTOR = 'notifications';

/**
 * Runs deliveries with retries (exponential backoff, bounded tries) and records every try on the notification's
 * stream. A try's event id is derived from the delivery and the try number, so recording it twice is harmless; a
 * delivery is scheduled at most once at a time.
 */
export class DeliveryScheduler {
  private readonly logger = new Logger('NotificationDelivery');
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(
    private readonly events: EventStore,
    private readonly sender: DeliverySender,
    private readonly clock: Clock,
    private readonly retryBaseMs?: number,
  ) {}

  /** Schedules every delivery of the notification that still waits for a try. */
  resume(state: NotificationState): void {
    const created = state.created;
    if (!created) return;
    for (const delivery of state.deliveries) {
      if (delivery.status !== 'pending') continue;
      const attempt = delivery.attempts + 1;
      const delay = retryDelayMs(attempt, this.retryBaseMs);
      if (delay !== null) this.schedule({ notification: created, delivery, attempt }, delay);
    }
  }

  /** Resolves once no delivery is waiting or running. */
  async idle(): Promise<void> {
    while (this.timers.size > 0 || this.running.size > 0) {
      await Promise.all([...this.running.values()]);
      if (this.timers.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.timers.forEach((timer) => clearTimeout(timer));
    this.timers.clear();
    await Promise.all([...this.running.values()]);
  }

  /** `retry`: called by the delivery's own run, which is still registered as running. */
  private schedule(job: DeliveryJob, delayMs: number, retry = false): void {
    const id = job.delivery.deliveryId;
    if (this.stopped || this.timers.has(id) || (!retry && this.running.has(id))) return;
    const timer = setTimeout(() => {
      this.timers.delete(id);
      const run = this.run(job).finally(() => {
        if (this.running.get(id) === run) this.running.delete(id);
      });
      this.running.set(id, run);
    }, delayMs);
    timer.unref();
    this.timers.set(id, timer);
  }

  private async run(job: DeliveryJob): Promise<void> {
    const result = await this.sender.send(job);
    const at = this.clock.now().toISOString();
    const { notificationId, organizationId } = job.notification;
    const attempted = attemptOutcome(notificationId, job.delivery.deliveryId, job.attempt, result, at);
    try {
      await this.events.append(
        notificationStream(notificationId),
        [
          envelope(
            NotificationEventTypes.DeliveryAttempted,
            attempted,
            { organizationId, actor: ACTOR, correlationId: job.notification.alertId },
            at,
            deterministicUuid(`delivery-attempt:${job.delivery.deliveryId}:${job.attempt}`),
          ),
        ],
        'any',
      );
    } catch (error) {
      // Unrecorded, the try is redone after a restart (the delivery is still pending in the read model).
      this.logger.error(`Could not record delivery ${job.delivery.deliveryId}: ${String(error)}`);
      return;
    }
    if (attempted.final) return;
    const next = job.attempt + 1;
    const delay = retryDelayMs(next, this.retryBaseMs);
    if (delay !== null) this.schedule({ ...job, attempt: next }, delay, true);
  }
}
