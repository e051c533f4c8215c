import { Logger } from '@nestjs/common';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { alertJson } from '@lorawatch/alerts';
import { alertTypeJson } from '@lorawatch/domain/alert-type.json';
import { alertTypeByCode } from '@lorawatch/domain/alert-catalogue';
import type { Mailer } from '@lorawatch/mail/mailer.port';
import type { EgressCaller, EgressPolicy } from '@lorawatch/platform/egress/egress-policy';
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
    /** Webhooks go where the egress policy allows, to the address it checked; null only in tests. */
    private readonly egress: EgressPolicy | null = null,
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
    const status = await postWebhook(new URL(job.delivery.target), headers, body, this.egress, {
      organizationId: job.notification.organizationId,
    });
    const delivered = status >= 200 && status < 300;
    return { delivered, httpStatus: status, error: delivered ? null : `HTTP ${status}` };
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

/**
 * One POST, redirects not followed, answer body not read; resolves to the HTTP status. The host is resolved once by
 * the egress policy, which refuses addresses the organisation may not reach (EgressRefusedError), and the request
 * goes to that address with the URL's host name as its Host header and TLS name.
 */
export async function postWebhook(
  url: URL,
  headers: Record<string, string>,
  body: string,
  egress: EgressPolicy | null,
  caller: EgressCaller,
): Promise<number> {
  const port = url.port !== '' ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  // node:net skips `lookup` for an IP address: that one is checked here.
  if (egress && isIP(host) !== 0) await egress.resolve(host, port, caller);
  const lookup = egress?.lookupFor(port, caller);
  const transport = url.protocol === 'https:' ? https : http;
  return await new Promise<number>((resolve, reject) => {
    const request = transport.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      timeout: WEBHOOK_TIMEOUT_MS,
      ...(lookup ? { lookup } : {}),
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.on('response', (response) => {
      response.destroy();
      resolve(response.statusCode ?? 0);
    });
    request.end(body);
  });
}
