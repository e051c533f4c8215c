import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope, loadAggregate } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { AppKeyEventTypes, appKeysStream, type AppKeysRemoved } from '../../domain/app-key.events';
import { appKeyListEvolver, decideRemove } from '../../domain/app-key-list';

export class RemoveAppKeysCommand {
  constructor(
    readonly organizationId: number,
    readonly actorUserId: number,
    readonly keys: readonly string[],
  ) {}
}

export interface RemoveAppKeysResult {
  deleted: number;
  duplicated: number;
  absent: number;
}

@CommandHandler(RemoveAppKeysCommand)
export class RemoveAppKeysHandler implements ICommandHandler<RemoveAppKeysCommand, RemoveAppKeysResult> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ organizationId, actorUserId, keys }: RemoveAppKeysCommand): Promise<RemoveAppKeysResult> {
    const stream = appKeysStream(organizationId);
    const { state, revision } = await loadAggregate(this.events, stream, appKeyListEvolver);
    const decision = decideRemove(state, keys);
    if (decision.removed.length > 0) {
      const removed: AppKeysRemoved = { organizationId, keys: decision.removed };
      const who = { organizationId, actor: String(actorUserId) };
      await this.events.append(
        stream,
        [envelope(AppKeyEventTypes.Removed, removed, who, this.clock.now().toISOString())],
        revision,
      );
    }
    return { deleted: decision.removed.length, duplicated: decision.duplicated, absent: decision.absent };
  }
}
