import { Inject, Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { randomBytes } from 'node:crypto';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import {
  envelope,
  loadAggregate,
  type Actor as EventActor,
  type Loaded,
} from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { userStream, type UserEvent } from '../../domain/account.events';
import { TOKEN_LIFETIME_MS, userEvolver, type UserState } from '../../domain/user';
import { USERS, type UserView } from '@lorawatch/domain/user.view';

let dummy: Promise<string> | null = null;
/** A hash of a random password with the same parameters as real ones, made once per process. */
const dummyHash = (): Promise<string> =>
  (dummy ??= argon2.hash(randomBytes(24).toString('base64url'), { type: argon2.argon2id }));

/** What every account handler needs: the user aggregate, the users read model for lookups, time and hashing. */
@Injectable()
export class UserStore {
  constructor(
    @Inject(EVENT_STORE) readonly events: EventStore,
    @Inject(READ_STORE) readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  now(): string {
    return this.clock.now().toISOString();
  }

  tokenExpiry(): string {
    return new Date(this.clock.now().getTime() + TOKEN_LIFETIME_MS).toISOString();
  }

  load(userId: number): Promise<Loaded<UserState>> {
    return loadAggregate(this.events, userStream(userId), userEvolver);
  }

  /** Appends at the revision the decision was made on: a concurrent change makes it fail (409). */
  async append(
    userId: number,
    events: UserEvent[],
    revision: Loaded<UserState>['revision'],
    who: EventActor,
  ): Promise<void> {
    if (events.length === 0) return;
    const now = this.now();
    await this.events.append(
      userStream(userId),
      events.map((event) => envelope(event.type, event.data, who, now)),
      revision,
    );
  }

  users() {
    return this.store.collection<UserView>(USERS);
  }

  /** A user that is not deleted, by username (lower-cased) or, when `orEmail`, by e-mail. */
  async findLive(login: string, orEmail = false): Promise<UserView | null> {
    const value = login.trim().toLowerCase();
    const filter = orEmail ? { $or: [{ username: value }, { email: value }] } : { username: value };
    const [user] = await this.users().find({ ...filter, deleted: { $ne: true } }, { limit: 1 });
    return user ?? null;
  }

  async emailTaken(email: string, exceptUserId?: number): Promise<boolean> {
    const [user] = await this.users().find(
      { email, deleted: { $ne: true }, ...(exceptUserId ? { userId: { $ne: exceptUserId } } : {}) },
      { limit: 1 },
    );
    return user !== undefined;
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  /** The argon2 work of a wrong password, for callers without a user to check against. */
  async dummyVerify(password: string): Promise<void> {
    try {
      await argon2.verify(await dummyHash(), password);
    } catch {
      // Nothing to learn from a dummy.
    }
  }

  async passwordMatches(state: UserState, password: string): Promise<boolean> {
    if (!state.passwordHash) return false;
    try {
      return await argon2.verify(state.passwordHash, password);
    } catch {
      return false;
    }
  }
}
