import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { Projection } from '@lorawatch/projections/projection';
import type { WriteOp } from '@lorawatch/read-store/read-store.port';
import { AccountEventTypes, type OrganizationCreated, type UserRegistered } from '../domain/account.events';
import { ORGANIZATIONS, USERS, type OrganizationView, type UserView } from './user.view';

export const accountsProjection: Projection = {
  name: 'accounts',
  collections: [USERS, ORGANIZATIONS],
  eventTypes: [AccountEventTypes.OrganizationCreated, AccountEventTypes.UserRegistered],
  project(event: RecordedEvent): WriteOp[] {
    if (event.type === AccountEventTypes.OrganizationCreated) {
      const data = event.data as OrganizationCreated;
      const doc: OrganizationView = {
        id: String(data.organizationId),
        organizationId: data.organizationId,
        name: data.name,
      };
      return [{ op: 'upsert', collection: ORGANIZATIONS.name, doc }];
    }
    const data = event.data as UserRegistered;
    const doc: UserView = {
      id: String(data.userId),
      userId: data.userId,
      organizationId: data.organizationId,
      username: data.username,
      email: data.email,
      fullName: data.fullName,
      phone: data.phone,
      roles: data.roles,
      active: data.active,
      firstLogin: true,
      passwordHash: data.passwordHash,
    };
    return [{ op: 'upsert', collection: USERS.name, doc }];
  },
};
