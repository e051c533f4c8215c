import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { requireMember } from '@lorawatch/assets';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope, loadAggregate } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { decideUpdate, tagEvolver } from '../../domain/tag';
import { TagEventTypes, tagStream } from '../../domain/tag.events';
import { accepted } from '../shared/tag-rejections';
import { takenNames } from '../shared/tag-names';

export class UpdateTagCommand {
  constructor(
    readonly caller: AuthUser,
    readonly tagId: number,
    readonly change: { name?: string; color?: string },
  ) {}
}

@CommandHandler(UpdateTagCommand)
export class UpdateTagHandler implements ICommandHandler<UpdateTagCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ caller, tagId, change }: UpdateTagCommand): Promise<void> {
    requireMember(caller);
    const { state, revision } = await loadAggregate(this.events, tagStream(tagId), tagEvolver);
    const taken = await takenNames(this.store, caller.organizationId);
    const updated = accepted(decideUpdate(state, tagId, caller.organizationId, change, taken));
    const who = { organizationId: caller.organizationId, actor: String(caller.userId) };
    await this.events.append(
      tagStream(tagId),
      [envelope(TagEventTypes.Updated, updated, who, this.clock.now().toISOString())],
      revision,
    );
  }
}
