import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { ROLE_ADMIN, ROLE_USER } from '@lorawatch/domain/user.view';
import { USERS, type UserView } from '@lorawatch/domain/user.view';
import {
  EVENT_STORE,
  WrongExpectedRevisionError,
  type EventStore,
} from '@lorawatch/event-store/event-store.port';
import { envelope, loadAggregate, userCause } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { Conflict, Forbidden, NotFound } from '@lorawatch/platform/domain-errors';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { closeManually, issueEvolver } from '../../domain/issue';
import { IssueEventTypes, issueStream } from '@lorawatch/domain/issue.events';
import { ISSUES, type IssueView } from '../../projection/issue.view';

export const ALREADY_RESOLVED = 'The issue is already resolved';

export class RemoveIssueCommand {
  constructor(
    /** The API's integer id of the issue. */
    readonly issueNumber: number,
    readonly caller: AuthUser,
    readonly comment: string | null,
  ) {}
}

/**
 * Manual resolution (docs/alert-catalogue.md §2.4, mechanism 3): closes the issue with reason MANUAL; the issue tracker then
 * raises LAF-601 naming the user. Unknown or another organisation's issue → NotFound, already resolved → Conflict.
 */
@CommandHandler(RemoveIssueCommand)
export class RemoveIssueHandler implements ICommandHandler<RemoveIssueCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ issueNumber, caller, comment }: RemoveIssueCommand): Promise<void> {
    if (!caller.roles.some((role) => role === ROLE_USER || role === ROLE_ADMIN)) throw new Forbidden();
    // The integer id is a read-model notion (a global position): it leads to the issue's stream.
    const [view] = await this.store
      .collection<IssueView>(ISSUES)
      .find({ numericId: issueNumber, organizationId: caller.organizationId }, { limit: 1 });
    if (!view) throw new NotFound();
    const user = await this.store.collection<UserView>(USERS).get(String(caller.userId));
    const resolver = { userId: caller.userId, username: caller.username, fullName: user?.fullName ?? '' };
    const who = {
      organizationId: caller.organizationId,
      actor: String(caller.userId),
      cause: userCause(caller),
    };
    for (let attempt = 0; attempt < 5; attempt++) {
      const { state, revision } = await loadAggregate(this.events, issueStream(view.id), issueEvolver);
      const at = this.clock.now().toISOString();
      const decision = closeManually(state, {
        organizationId: caller.organizationId,
        user: resolver,
        comment,
        at,
      });
      if (decision === 'not_found') throw new NotFound();
      if (decision === 'already_resolved') throw new Conflict(ALREADY_RESOLVED);
      try {
        // A random id: unlike automatic closes, a user's close must fail, not merge, when the issue just closed.
        await this.events.append(
          issueStream(view.id),
          [envelope(IssueEventTypes.Closed, decision, who, at, randomUUID())],
          revision,
        );
        return;
      } catch (error) {
        // The tracker recorded a recurrence meanwhile: decide again on the new revision.
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
    throw new Conflict(ALREADY_RESOLVED);
  }
}
