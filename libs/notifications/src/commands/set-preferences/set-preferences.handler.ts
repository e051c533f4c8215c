import { createHash, randomBytes } from 'node:crypto';
import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { MAILER, type Mailer } from '@lorawatch/mail/mailer.port';
import { envelope, loadAggregate } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { Forbidden, Invalid } from '@lorawatch/platform/domain-errors';
import { allocateId } from '@lorawatch/platform/id-allocator';
import { SecretBox } from '@lorawatch/platform/secret-box';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import {
  decideSetPreferences,
  mintNeeds,
  preferencesEvolver,
  type ActivationMail,
  type ActivationToken,
  type DestinationEntry,
  type PreferencesRequest,
} from '../../domain/notification-preferences';
import { preferencesStream } from '../../domain/notification-preferences.events';
import { ASSET_LABELS, type AssetLabels } from '../../ports/asset-labels.port';
import { PREFERENCE_ERRORS, parsePreferences, type RawEntry } from './preferences-request';
import type { PreferencesDto } from './set-preferences.dto';

export class SetPreferencesCommand {
  constructor(
    readonly user: AuthUser,
    readonly body: PreferencesDto,
  ) {}
}

/** Activation links are 32 random characters; only their SHA-256 is stored. */
export function newActivationToken(): ActivationToken {
  const token = randomBytes(24).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** An address without id would need an activation mail. */
const hasNewEntry = (entries: RawEntry[] | null): boolean =>
  (entries ?? []).some((entry) => entry.id === null);

export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

@CommandHandler(SetPreferencesCommand)
export class SetPreferencesHandler implements ICommandHandler<
  SetPreferencesCommand,
  { warning: string } | null
> {
  private readonly logger = new Logger('NotificationPreferences');
  private readonly secrets: SecretBox;

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(ASSET_LABELS) private readonly labels: AssetLabels,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.secrets = new SecretBox(config.secretKey);
  }

  /**
   * Saves what can be saved. Without a mail server the email channel cannot work: it stays off, the stored addresses
   * stay as they were, everything else is saved, and the answer says so (`{ warning }`); otherwise `null`.
   */
  async execute({ user, body }: SetPreferencesCommand): Promise<{ warning: string } | null> {
    const asked = parsePreferences(body);
    if ('error' in asked) throw new Invalid(asked.error);
    const emailRefused =
      !this.mailer.configured && (asked.channels.email || hasNewEntry(asked.entries.email));
    const parsed = emailRefused
      ? {
          ...asked,
          channels: { ...asked.channels, email: false },
          entries: { ...asked.entries, email: null },
        }
      : asked;
    await this.checkDataSources(user, Object.keys(parsed.dataSources).map(Number));
    const tags = await this.labels.labels(user.organizationId, parsed.tagIds);
    if (parsed.tagIds.some((id) => !tags.has(id))) throw new Invalid(PREFERENCE_ERRORS.notExistId);

    const request: PreferencesRequest = {
      ...parsed,
      entries: {
        email: this.sealed(parsed.entries.email),
        phone: this.sealed(parsed.entries.phone),
        webhook: this.sealed(parsed.entries.webhook),
      },
    };
    const stream = preferencesStream(user.userId);
    const { state, revision } = await loadAggregate(this.events, stream, preferencesEvolver);
    const now = this.clock.now().toISOString();
    const needs = mintNeeds(request);
    const newIds: number[] = [];
    for (let i = 0; i < needs.ids; i++)
      newIds.push(await allocateId(this.events, 'notification-destination', now));
    const tokens = Array.from({ length: needs.tokens }, newActivationToken);
    const who = { userId: user.userId, organizationId: user.organizationId };
    const decision = decideSetPreferences(state, who, request, { now, newIds, tokens });
    if (!decision.ok) throw new Invalid(decision.error);
    const answer = emailRefused ? { warning: PREFERENCE_ERRORS.noMailServer } : null;
    if (decision.events.length === 0) return answer;
    await this.events.append(
      stream,
      decision.events.map((event) =>
        envelope(
          event.type,
          event.data,
          { organizationId: user.organizationId, actor: String(user.userId) },
          now,
        ),
      ),
      revision,
    );
    await Promise.all(decision.activations.map((mail) => this.sendActivation(mail)));
    return answer;
  }

  private sealed(entries: RawEntry[] | null): DestinationEntry[] | null {
    if (entries === null) return null;
    return entries.map((entry) => ({
      id: entry.id,
      value: entry.value,
      ...(entry.secret === undefined
        ? {}
        : { secretSealed: entry.secret === null ? null : this.secrets.seal(entry.secret) }),
    }));
  }

  /** Every data source named must be one of the organisation's (docs/api.md §9: 403 for another's). */
  private async checkDataSources(user: AuthUser, ids: number[]): Promise<void> {
    const sources = this.store.collection<DataSourceView>(DATA_SOURCES);
    for (const id of ids) {
      const source = await sources.get(String(id));
      if (!source || source.deleted) throw new Invalid(PREFERENCE_ERRORS.notExistId);
      if (source.organizationId !== user.organizationId)
        throw new Forbidden('forbidden access', { silent: true });
    }
  }

  private async sendActivation(mail: ActivationMail): Promise<void> {
    // No SMS gateway exists, and the sms channel cannot be turned on, so phone links are never due.
    if (mail.kind !== 'email') return;
    const link = `${this.config.publicUrl}/notifications/email_activation/${mail.token}`;
    try {
      await this.mailer.send({
        to: mail.value,
        subject: 'Activate this address for LoRaWatch notifications',
        text: [
          'This address was added to receive LoRaWatch alert notifications.',
          `To confirm it, open this link within 24 hours: ${link}`,
          'If you did not expect this, ignore this message.',
        ].join('\n'),
      });
    } catch (error) {
      // The address stays pending; saving it again with another value sends a new link.
      this.logger.warn(`Activation mail to ${mail.value} failed: ${String(error)}`);
    }
  }
}
