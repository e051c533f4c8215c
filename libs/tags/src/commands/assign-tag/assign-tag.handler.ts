import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { requireMember } from '@lorawatch/assets';
import { resolveOwnAssets, type AssetSelector } from '@lorawatch/assets';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope, loadAggregate, userCause } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { decideAssignment, tagEvolver } from '../../domain/tag';
import { TagEventTypes, tagStream } from '../../domain/tag.events';
import { accepted } from '../shared/tag-rejections';

export class AssignTagCommand {
  constructor(
    readonly caller: AuthUser,
    readonly tagId: number,
    readonly assets: AssetSelector[],
    /** false: take the tag off the assets. */
    readonly assign: boolean,
  ) {}
}

@CommandHandler(AssignTagCommand)
export class AssignTagHandler implements ICommandHandler<AssignTagCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ caller, tagId, assets, assign }: AssignTagCommand): Promise<void> {
    requireMember(caller);
    const { state, revision } = await loadAggregate(this.events, tagStream(tagId), tagEvolver);
    // The tag is judged first: a foreign tag is refused whatever the assets are.
    accepted(decideAssignment(state, tagId, caller.organizationId, [], assign));
    const refs = await resolveOwnAssets(this.store, caller.organizationId, assets);
    const changed = accepted(decideAssignment(state, tagId, caller.organizationId, refs, assign));
    if (changed === null) return;
    const type = assign ? TagEventTypes.Assigned : TagEventTypes.Unassigned;
    const who = {
      organizationId: caller.organizationId,
      actor: String(caller.userId),
      cause: userCause(caller),
    };
    await this.events.append(
      tagStream(tagId),
      [envelope(type, changed, who, this.clock.now().toISOString())],
      revision,
    );
  }
}
