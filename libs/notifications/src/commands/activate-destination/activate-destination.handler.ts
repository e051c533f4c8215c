import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope, loadAggregate } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import {
  decideActivation,
  preferencesEvolver,
  type ActivationResult,
} from '../../domain/notification-preferences';
import { PreferencesEventTypes, preferencesStream } from '../../domain/notification-preferences.events';
import { NOTIFICATION_ACTIVATION_TOKENS, type ActivationTokenView } from '../../projection/preferences.view';
import { hashToken } from '../set-preferences/set-preferences.handler';

export class ActivateDestinationCommand {
  constructor(
    readonly kind: 'email' | 'phone',
    readonly token: string,
  ) {}
}

/** Following an activation link (docs/api.md §9): the token names the destination, the aggregate decides. */
@CommandHandler(ActivateDestinationCommand)
export class ActivateDestinationHandler implements ICommandHandler<
  ActivateDestinationCommand,
  ActivationResult
> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ kind, token }: ActivateDestinationCommand): Promise<ActivationResult> {
    const tokenHash = hashToken(token);
    const found = await this.store
      .collection<ActivationTokenView>(NOTIFICATION_ACTIVATION_TOKENS)
      .get(tokenHash);
    if (!found || found.kind !== kind) return { result: 'NOT_FOUND' };
    const stream = preferencesStream(found.userId);
    const { state, revision } = await loadAggregate(this.events, stream, preferencesEvolver);
    const who = { userId: found.userId, organizationId: found.organizationId };
    const now = this.clock.now().toISOString();
    const decision = decideActivation(state, who, kind, tokenHash, now);
    if (decision.result === 'SUCCESS') {
      await this.events.append(
        stream,
        [
          envelope(
            PreferencesEventTypes.DestinationActivated,
            decision.event,
            {
              organizationId: found.organizationId,
              actor: 'activation-link',
            },
            now,
          ),
        ],
        revision,
      );
    }
    return decision;
  }
}
