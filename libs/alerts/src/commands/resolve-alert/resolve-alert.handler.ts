import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { USERS, type UserView } from '@lorawatch/domain/user.view';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope, loadAggregate, userCause } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { AlertEventTypes, alertStream } from '../../alert.events';
import { alertEvolver, resolveAlert } from '../../domain/alert';
import { Forbidden, NotFound } from '@lorawatch/platform/domain-errors';
import { ALERTS, SHOWN, type AlertView } from '@lorawatch/domain/alert.view';

export class ResolveAlertCommand {
  constructor(
    /** The API's integer id. */
    readonly alertNumber: number,
    readonly caller: AuthUser,
    readonly comment: string | null,
  ) {}
}

/** Marks one alert resolved (docs/api.md §6). Answers the alert's document id, for the answer's read. */
@CommandHandler(ResolveAlertCommand)
export class ResolveAlertHandler implements ICommandHandler<ResolveAlertCommand, string> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ alertNumber, caller, comment }: ResolveAlertCommand): Promise<string> {
    // The integer id is a read-model notion (a global position); hidden alerts do not exist for the API.
    const [view] = await this.store
      .collection<AlertView>(ALERTS)
      .find({ numericId: alertNumber, show: SHOWN }, { limit: 1 });
    if (!view) throw new NotFound();
    const { state, revision } = await loadAggregate(this.events, alertStream(view.id), alertEvolver);
    const user = await this.store.collection<UserView>(USERS).get(String(caller.userId));
    const resolver = {
      userId: caller.userId,
      username: caller.username,
      fullName: user?.fullName ?? caller.username,
    };
    const at = this.clock.now().toISOString();
    const decision = resolveAlert(state, { organizationId: caller.organizationId, resolver, comment, at });
    if (decision === 'not_found') throw new NotFound();
    if (decision === 'forbidden') throw new Forbidden();
    const who = {
      organizationId: caller.organizationId,
      actor: String(caller.userId),
      cause: userCause(caller),
    };
    await this.events.append(
      alertStream(view.id),
      [envelope(AlertEventTypes.Resolved, decision, who, at)],
      revision,
    );
    return view.id;
  }
}
