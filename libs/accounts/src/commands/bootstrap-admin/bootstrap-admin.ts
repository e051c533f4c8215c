import { Inject, Injectable, Logger } from '@nestjs/common';
import * as argon2 from 'argon2';
import { randomBytes } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { allocateId } from '@lorawatch/platform/id-allocator';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import {
  AccountEventTypes,
  type OrganizationCreated,
  type UserRegistered,
} from '../../domain/account.events';
import { ROLE_ADMIN } from '@lorawatch/domain/user.view';
import { USERS, type UserView } from '@lorawatch/domain/user.view';

export interface BootstrapOutcome {
  created: boolean;
  organizationId: number;
  username?: string;
  /** Only when generated: printed once, never stored in clear. */
  generatedPassword?: string;
}

/** The first start with an empty store creates an organization and its administrator. */
@Injectable()
export class BootstrapAdmin {
  private readonly logger = new Logger('Accounts');

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Call once the accounts projection has caught up. */
  async run(): Promise<BootstrapOutcome> {
    const users = this.store.collection<UserView>(USERS);
    const [existing] = await users.find({}, { limit: 1, sort: [['userId', 'asc']] });
    // The first user is the bootstrap administrator, always of an organization.
    if (existing) return { created: false, organizationId: existing.organizationId ?? 1 };

    const now = this.clock.now().toISOString();
    const username = this.config.admin.username ?? 'admin';
    const generatedPassword = this.config.admin.password ? undefined : generatePassword();
    const password = this.config.admin.password ?? generatedPassword!;
    const organizationId = await allocateId(this.events, 'organization', now);
    const userId = await allocateId(this.events, 'user', now);
    const system = { organizationId, actor: 'system' };

    const organization: OrganizationCreated = { organizationId, name: 'My organization' };
    await this.events.append(
      `organization-${organizationId}`,
      [envelope(AccountEventTypes.OrganizationCreated, organization, system, now)],
      'no_stream',
    );
    const user: UserRegistered = {
      userId,
      organizationId,
      username,
      email: this.config.admin.email?.toLowerCase() ?? null,
      fullName: 'Administrator',
      phone: null,
      roles: [ROLE_ADMIN],
      passwordHash: await argon2.hash(password, { type: argon2.argon2id }),
      active: true,
    };
    await this.events.append(
      `user-${userId}`,
      [envelope(AccountEventTypes.UserRegistered, user, system, now)],
      'no_stream',
    );

    // The caller shows a generated password to the person starting the console, once (see start-banner).
    this.logger.log(`Created the administrator "${username}"`);
    return { created: true, organizationId, username, generatedPassword };
  }
}

/** Meets the console's password rule: upper, lower, digit and symbol. */
function generatePassword(): string {
  return `Lw-${randomBytes(9).toString('base64url')}7a`;
}
