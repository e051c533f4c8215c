import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope, userCause } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { Invalid } from '@lorawatch/platform/domain-errors';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { AssetAttributeEventTypes, importanceStream } from '../../domain/asset-attribute.events';
import { decideImportance } from '../../domain/importance';
import { requireMember } from '../../require-member';
import { resolveOwnAssets, type AssetSelector } from '../../asset-list/resolve-assets';

export class SetImportanceCommand {
  constructor(
    readonly caller: AuthUser,
    readonly importance: string,
    readonly assets: AssetSelector[],
  ) {}
}

@CommandHandler(SetImportanceCommand)
export class SetImportanceHandler implements ICommandHandler<SetImportanceCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ caller, importance, assets }: SetImportanceCommand): Promise<void> {
    requireMember(caller);
    const refs = await resolveOwnAssets(this.store, caller.organizationId, assets);
    const decision = decideImportance(caller.organizationId, importance, refs);
    if (decision === null) return;
    if ('error' in decision) throw new Invalid(decision.error);
    const who = {
      organizationId: caller.organizationId,
      actor: String(caller.userId),
      cause: userCause(caller),
    };
    // Importance has no invariant across assets: the latest setting wins, so no revision check is needed.
    await this.events.append(
      importanceStream(caller.organizationId),
      [envelope(AssetAttributeEventTypes.ImportanceSet, decision, who, this.clock.now().toISOString())],
      'any',
    );
  }
}
