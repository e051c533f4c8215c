import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { requireMember } from '@lorawatch/assets';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { allocateId } from '@lorawatch/platform/id-allocator';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { decideCreate, validateTag } from '../../domain/tag';
import { TagEventTypes, tagStream, type TagCreated } from '../../domain/tag.events';
import { accepted } from '../shared/tag-rejections';
import { takenNames } from '../shared/tag-names';

export class CreateTagCommand {
  constructor(
    readonly caller: AuthUser,
    readonly name: string | undefined,
    readonly color: string | undefined,
  ) {}
}

@CommandHandler(CreateTagCommand)
export class CreateTagHandler implements ICommandHandler<CreateTagCommand, TagCreated> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ caller, name, color }: CreateTagCommand): Promise<TagCreated> {
    requireMember(caller);
    const taken = await takenNames(this.store, caller.organizationId);
    // Validated before an id is taken, so refused requests do not consume the sequence.
    const errors = validateTag(name, color, taken);
    if (errors.length > 0) accepted({ rejected: 'invalid', errors });
    const now = this.clock.now().toISOString();
    const tagId = await allocateId(this.events, 'tag', now);
    const created = accepted(decideCreate(tagId, caller.organizationId, name, color, taken));
    const who = { organizationId: caller.organizationId, actor: String(caller.userId) };
    await this.events.append(
      tagStream(tagId),
      [envelope(TagEventTypes.Created, created, who, now)],
      'no_stream',
    );
    return created;
  }
}
