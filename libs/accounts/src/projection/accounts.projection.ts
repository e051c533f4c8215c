import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { Projection } from '@lorawatch/projections/projection';
import type { ReadStore, WriteOp } from '@lorawatch/read-store/read-store.port';
import { AccountEventTypes, type AccountEventPayloads, type UserEvent } from '../domain/account.events';
import {
  ORGANIZATIONS,
  REVOKED_ACCESS_TOKENS,
  USERS,
  type OrganizationView,
  type RevokedAccessToken,
  type UserView,
} from '@lorawatch/domain/user.view';
import { recordedOf } from '@lorawatch/event-store/typed-events';

/** The events the accounts projection subscribes to: the users' events it reads, organisations and revoked tokens. */
type AccountsProjectionPayloads = Pick<
  AccountEventPayloads,
  (typeof AccountEventTypes)[
    | 'OrganizationCreated'
    | 'UserRegistered'
    | 'UserInvited'
    | 'UserActivated'
    | 'PasswordReset'
    | 'PasswordChanged'
    | 'EmailChanged'
    | 'UserUpdated'
    | 'UserDeleted'
    | 'UserBlocked'
    | 'UserUnblocked'
    | 'SessionsEnded'
    | 'AccessTokenRevoked']
>;

/** Users, organizations and the revoked access tokens. Upserts and patches only: replaying twice changes nothing. */
export const accountsProjection: Projection = {
  name: 'accounts',
  collections: [USERS, ORGANIZATIONS, REVOKED_ACCESS_TOKENS],
  eventTypes: [
    AccountEventTypes.OrganizationCreated,
    AccountEventTypes.UserRegistered,
    AccountEventTypes.UserInvited,
    AccountEventTypes.UserActivated,
    AccountEventTypes.PasswordReset,
    AccountEventTypes.PasswordChanged,
    AccountEventTypes.EmailChanged,
    AccountEventTypes.UserUpdated,
    AccountEventTypes.UserDeleted,
    AccountEventTypes.UserBlocked,
    AccountEventTypes.UserUnblocked,
    AccountEventTypes.SessionsEnded,
    AccountEventTypes.AccessTokenRevoked,
  ],
  async project(recorded: RecordedEvent, store: ReadStore): Promise<WriteOp[]> {
    const event = recordedOf<AccountsProjectionPayloads>(recorded);
    if (event.type === AccountEventTypes.OrganizationCreated) {
      const data = event.data;
      const doc: OrganizationView = {
        id: String(data.organizationId),
        organizationId: data.organizationId,
        name: data.name,
      };
      return [{ op: 'upsert', collection: ORGANIZATIONS.name, doc }];
    }
    if (event.type === AccountEventTypes.AccessTokenRevoked) {
      const data = event.data;
      const doc: RevokedAccessToken = { id: data.tokenId, userId: data.userId, expiresAt: data.expiresAt };
      // Entries of tokens that have expired meanwhile are useless: the signature check refuses those already.
      const expired = await store
        .collection<RevokedAccessToken>(REVOKED_ACCESS_TOKENS)
        .find({ expiresAt: { $lt: event.metadata.occurredAt } }, { limit: 500 });
      return [
        { op: 'upsert', collection: REVOKED_ACCESS_TOKENS.name, doc },
        ...expired.map((entry): WriteOp => ({
          op: 'delete',
          collection: REVOKED_ACCESS_TOKENS.name,
          id: entry.id,
        })),
      ];
    }
    return userWrites(event, event.metadata.occurredAt);
  },
};

function userWrites(event: UserEvent, occurredAt: string): WriteOp[] {
  const id = String(event.data.userId);
  const patch = (set: Partial<UserView>): WriteOp[] => [{ op: 'patch', collection: USERS.name, id, set }];
  switch (event.type) {
    case 'UserRegistered':
    case 'UserInvited': {
      const data = event.data;
      const doc: UserView = {
        id,
        userId: data.userId,
        organizationId: data.organizationId,
        username: data.username,
        email: data.email,
        fullName: data.fullName,
        phone: data.phone,
        roles: data.roles,
        active: event.type === 'UserRegistered' ? event.data.active : false,
        firstLogin: true,
        passwordHash: event.type === 'UserRegistered' ? event.data.passwordHash : null,
        blocked: false,
        deleted: false,
      };
      return [{ op: 'upsert', collection: USERS.name, doc }];
    }
    case 'UserActivated':
      return patch({
        organizationId: event.data.organizationId,
        roles: event.data.roles,
        passwordHash: event.data.passwordHash,
        active: true,
      });
    case 'PasswordReset':
      return patch({ passwordHash: event.data.passwordHash, blocked: false });
    case 'PasswordChanged':
      return patch({ passwordHash: event.data.passwordHash });
    case 'EmailChanged':
      return patch({ email: event.data.email });
    case 'UserUpdated':
      return patch({
        fullName: event.data.fullName,
        phone: event.data.phone,
        roles: event.data.roles,
        firstLogin: event.data.firstLogin,
      });
    case 'UserDeleted':
      return patch({ deleted: true });
    case 'UserBlocked':
      return patch({ blocked: true });
    case 'UserUnblocked':
      return patch({ blocked: false });
    case 'SessionsEnded':
      return patch({ sessionsValidAfter: occurredAt, keptSession: event.data.keptSession });
    default:
      return [];
  }
}
