import * as argon2 from 'argon2';
import { AccountEventTypes, type UserRegistered } from '@lorawatch/accounts/domain/account.events';
import { TokenService } from '@lorawatch/platform/auth/token.service';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import type { Harness } from './app-harness';

/** The callers of an authorization table (CONTRIBUTING.md §5). */
export type Caller = 'anonymous' | 'user' | 'admin' | 'other admin';
export const CALLERS: readonly Caller[] = ['anonymous', 'user', 'admin', 'other admin'];
export type CallerTokens = Record<Exclude<Caller, 'anonymous'>, string>;

export const USER_PASSWORD = 'Us3r!pass';
export const OTHER_ORGANIZATION_ID = 2;

/** Records a user of the organization straight in the event store (the accounts API may not create one yet). */
export async function registerUser(
  harness: Harness,
  user: { userId: number; organizationId: number; roles: number[]; username: string },
): Promise<void> {
  const data: UserRegistered = {
    ...user,
    email: null,
    fullName: user.username,
    phone: null,
    passwordHash: await argon2.hash(USER_PASSWORD),
    active: true,
  };
  await harness.app
    .get<EventStore>(EVENT_STORE)
    .append(
      `user-${user.userId}`,
      [
        envelope(
          AccountEventTypes.UserRegistered,
          data,
          { organizationId: user.organizationId, actor: 'test' },
          new Date().toISOString(),
        ),
      ],
      'no_stream',
    );
}

/**
 * Tokens for the table's callers: the bootstrap admin of organization 1, a regular user of organization 1 (user id
 * `userId`) and an admin of another organization (`userId + 1`). Both are recorded in the store first: the guard
 * refuses tokens of users it does not know.
 */
export async function callerTokens(harness: Harness, userId = 50): Promise<CallerTokens> {
  const issue = harness.app.get(TokenService);
  const user = { userId, username: 'operator', organizationId: 1, roles: [1] };
  const outsider = {
    userId: userId + 1,
    username: 'outsider',
    organizationId: OTHER_ORGANIZATION_ID,
    roles: [2],
  };
  await registerUser(harness, user);
  await registerUser(harness, outsider);
  await harness.app.get<ReadModelSync>(READ_MODEL_SYNC).settled();
  return {
    admin: await harness.adminToken(),
    user: issue.accessToken(user),
    'other admin': issue.accessToken(outsider),
  };
}

/** An access token of a user recorded in the store first (the guard refuses tokens of users it does not know). */
export async function storedUserToken(
  harness: Harness,
  user: { userId: number; organizationId: number; roles: number[]; username: string },
): Promise<string> {
  await registerUser(harness, user);
  await harness.app.get<ReadModelSync>(READ_MODEL_SYNC).settled();
  return harness.app.get(TokenService).accessToken(user);
}

/** The Authorization header of a caller; none for the anonymous one. */
export function authorization(tokens: CallerTokens, caller: Caller): Record<string, string> {
  return caller === 'anonymous' ? {} : { Authorization: `Bearer ${tokens[caller]}` };
}
