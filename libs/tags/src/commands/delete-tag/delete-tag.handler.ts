import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { requireMember } from '@lorawatch/assets';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope, loadAggregate } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { decideDelete, tagEvolver } from '../../domain/tag';
import { TagEventTypes, tagStream } from '../../domain/tag.events';
import { accepted } from '../shared/tag-rejections';

export class DeleteTagCommand {
  constructor(
    readonly caller: AuthUser,
    readonly tagId: number,
  ) {}
}

@CommandHandler(DeleteTagCommand)
export class DeleteTagHandler implements ICommandHandler<DeleteTagCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ caller, tagId }: DeleteTagCommand): Promise<void> {
    requireMember(caller);
    const { state, revision } = await loadAggregate(this.events, tagStream(tagId), tagEvolver);
    const deleted = accepted(decideDelete(state, tagId, caller.organizationId));
    const who = { organizationId: caller.organizationId, actor: String(caller.userId) };
    await this.events.append(
      tagStream(tagId),
      [envelope(TagEventTypes.Deleted, deleted, who, this.clock.now().toISOString())],
      revision,
    );
  }
}
