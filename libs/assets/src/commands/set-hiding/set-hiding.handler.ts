import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope, userCause } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import {
  AssetAttributeEventTypes,
  hidingStream,
  type AssetHidingSet,
} from '../../domain/asset-attribute.events';
import { uniqueAssets } from '../../domain/importance';
import { requireMember } from '../../require-member';
import { resolveOwnAssets, type AssetSelector } from '../../asset-list/resolve-assets';

export class SetHidingCommand {
  constructor(
    readonly caller: AuthUser,
    readonly hidden: boolean,
    readonly assets: AssetSelector[],
  ) {}
}

/** Hiding is personal: it changes what the caller sees, never what colleagues see. */
@CommandHandler(SetHidingCommand)
export class SetHidingHandler implements ICommandHandler<SetHidingCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ caller, hidden, assets }: SetHidingCommand): Promise<void> {
    requireMember(caller);
    const refs = uniqueAssets(await resolveOwnAssets(this.store, caller.organizationId, assets));
    if (refs.length === 0) return;
    const event: AssetHidingSet = {
      organizationId: caller.organizationId,
      userId: caller.userId,
      hidden,
      assets: refs,
    };
    const who = {
      organizationId: caller.organizationId,
      actor: String(caller.userId),
      cause: userCause(caller),
    };
    await this.events.append(
      hidingStream(caller.userId),
      [envelope(AssetAttributeEventTypes.HidingSet, event, who, this.clock.now().toISOString())],
      'any',
    );
  }
}
