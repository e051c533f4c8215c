import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope, loadAggregate } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { Forbidden } from '@lorawatch/platform/domain-errors';
import { AppKeyEventTypes, appKeysStream, type AppKeysAdded } from '../../domain/app-key.events';
import { appKeyListEvolver, AppKeyLimitExceeded, decideAdd } from '../../domain/app-key-list';

export class AddAppKeysCommand {
  constructor(
    readonly organizationId: number,
    readonly actorUserId: number,
    /** Validated, upper case, possibly with repeats. */
    readonly keys: readonly string[],
  ) {}
}

export interface AddAppKeysResult {
  created: number;
  duplicated: number;
  existing: number;
}

@CommandHandler(AddAppKeysCommand)
export class AddAppKeysHandler implements ICommandHandler<AddAppKeysCommand, AddAppKeysResult> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ organizationId, actorUserId, keys }: AddAppKeysCommand): Promise<AddAppKeysResult> {
    const stream = appKeysStream(organizationId);
    const { state, revision } = await loadAggregate(this.events, stream, appKeyListEvolver);
    let decision: ReturnType<typeof decideAdd>;
    try {
      decision = decideAdd(state, keys);
    } catch (error) {
      if (!(error instanceof AppKeyLimitExceeded)) throw error;
      throw new Forbidden(error.message);
    }
    if (decision.added.length > 0) {
      const added: AppKeysAdded = { organizationId, keys: decision.added };
      const who = { organizationId, actor: String(actorUserId) };
      await this.events.append(
        stream,
        [envelope(AppKeyEventTypes.Added, added, who, this.clock.now().toISOString())],
        revision,
      );
    }
    return { created: decision.added.length, duplicated: decision.duplicated, existing: decision.existing };
  }
}
