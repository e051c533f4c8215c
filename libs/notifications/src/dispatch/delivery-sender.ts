import { Logger } from '@nestjs/common';
import { alertJson, alertTypeJson } from '@lorawatch/alerts/queries/alert.json';
import { alertTypeByCode } from '@lorawatch/domain/alert-catalogue';
import type { Mailer } from '@lorawatch/mail/mailer.port';
import type { SecretBox } from '@lorawatch/platform/secret-box';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import type { DeliveryResult, DeliveryState } from '../domain/notification';
import type { NotificationCreated } from '../domain/notification.events';
import { signWebhookBody } from '../domain/webhook-signature';
import { loadNotifiedAlert } from '../projection/notified-alert';
import type { NotifiedAlert } from '../projection/notification.json';
import { NOTIFICATION_PREFERENCES, type PreferencesView } from '../projection/preferences.view';

const WEBHOOK_TIMEOUT_MS = 10_000;

export interface DeliveryJob {
  notification: NotificationCreated;
  delivery: DeliveryState;
  attempt: number;
}

/** One try of one delivery: a mail through MAILER or a signed webhook POST. Never throws: failures are results. */
export class DeliverySender {
  private readonly logger = new Logger('NotificationDelivery');

  constructor(
    private readonly store: ReadStore,
    private readonly mailer: Mailer,
    private readonly secrets: SecretBox,
    private readonly publicUrl: string,
  ) {}

  async send(job: DeliveryJob): Promise<DeliveryResult> {
    try {
      const alert = await loadNotifiedAlert(this.store, job.notification.alertId);
      if (!alert) return { delivered: false, httpStatus: null, error: 'alert not found', permanent: true };
      return job.delivery.channel === 'email' ? await this.mail(job, alert) : await this.webhook(job, alert);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn(`Delivery ${job.delivery.deliveryId} try ${job.attempt} failed: ${reason}`);
      return { delivered: false, httpStatus: null, error: reason };
    }
  }

  private async mail(job: DeliveryJob, alert: NotifiedAlert): Promise<DeliveryResult> {
    if (!this.mailer.configured)
      return { delivered: false, httpStatus: null, error: 'no mail server is configured', permanent: true };
    const type = alertTypeByCode(alert.view.code);
    const name = type?.name ?? alert.view.code;
    const lines = [
      `A ${alert.view.risk} risk alert was raised: ${name} (${alert.view.code}).`,
      `Date: ${alert.view.createdAt}`,
      `Data source: ${alert.dataSourceName ?? alert.view.dataSourceId}`,
      alert.view.devEui ? `Device: ${alert.view.devEui}` : null,
      alert.view.gateway ? `Gateway: ${alert.view.gateway}` : null,
      '',
      `Events log: ${this.publicUrl}/dashboard/events_log`,
    ];
    await this.mailer.send({
      to: job.delivery.target,
      subject: `LoRaWatch ${alert.view.risk} alert: ${name}`,
      text: lines.filter((line): line is string => line !== null).join('\n'),
    });
    return { delivered: true, httpStatus: null, error: null };
  }

  private async webhook(job: DeliveryJob, alert: NotifiedAlert): Promise<DeliveryResult> {
    const secret = await this.webhookSecret(job);
    if (secret === undefined)
      return { delivered: false, httpStatus: null, error: 'webhook destination removed', permanent: true };
    const type = alertTypeByCode(alert.view.code);
    const { body, headerSignature } = signWebhookBody(
      {
        id: job.delivery.deliveryId,
        type: 'NEW_ALERT',
        createdAt: job.notification.createdAt,
        alert: alertJson(alert.view, alert.dataSourceName, true),
        alertType: type ? alertTypeJson(type) : null,
      },
      secret,
    );
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (headerSignature) {
      headers['x-signature'] = headerSignature;
      headers.signature = headerSignature;
    }
    const response = await fetch(job.delivery.target, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    const delivered = response.status >= 200 && response.status < 300;
    return { delivered, httpStatus: response.status, error: delivered ? null : `HTTP ${response.status}` };
  }

  /** The destination's secret in clear, null when it has none, undefined when the destination is gone. */
  private async webhookSecret(job: DeliveryJob): Promise<string | null | undefined> {
    const preferences = await this.store
      .collection<PreferencesView>(NOTIFICATION_PREFERENCES)
      .get(String(job.notification.userId));
    const destination = preferences?.destinations.find(
      (d) => d.destinationId === job.delivery.destinationId && d.kind === 'webhook',
    );
    if (!destination) return undefined;
    return destination.secretSealed === null ? null : this.secrets.open(destination.secretSealed);
  }
}
