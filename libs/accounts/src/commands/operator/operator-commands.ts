import { AccountMessages, failure, success, type Outcome } from '../../domain/account-errors';
import { generatePassword } from '../../domain/password-policy';
import { decideUser } from '../../domain/user';
import { validNewPassword } from '../../domain/user-rules';
import { UserStore } from '../shared/user-store';

/** Who acts in the events an operator's command appends. */
const OPERATOR = 'operator';

/**
 * What `npm run admin` does, through the same aggregate, decisions and events as the API: the read models and the
 * end of sessions follow from the events, whether the server runs or starts later.
 */
export class OperatorCommands {
  constructor(private readonly users: UserStore) {}

  /** Lifts the block and every sign-in wait of a user. */
  async unblock(username: string): Promise<Outcome<string>> {
    const userId = await this.userIdOf(username);
    if (userId === null) return failure('not_found', `No user ${username.trim()}`);
    const { state, revision } = await this.users.load(userId);
    const decision = decideUser(state, { kind: 'operatorUnblock' });
    if (!decision.ok) return decision;
    await this.users.append(userId, decision.value, revision, {
      organizationId: state.organizationId,
      actor: OPERATOR,
    });
    return success(AccountMessages.userUnblocked(state.username));
  }

  /**
   * Sets a new password (the given one, checked against the password rule, or a generated one), unblocks the user and
   * ends every session. Answers the password that was set.
   */
  async resetPassword(
    username: string,
    given?: string,
  ): Promise<Outcome<{ username: string; password: string }>> {
    const userId = await this.userIdOf(username);
    if (userId === null) return failure('not_found', `No user ${username.trim()}`);
    const { state, revision } = await this.users.load(userId);
    let password = given;
    if (password === undefined) password = generatePassword(state);
    else {
      const valid = validNewPassword(password, undefined, state);
      if (!valid.ok) return valid;
    }
    const decision = decideUser(state, {
      kind: 'operatorResetPassword',
      passwordHash: await this.users.hash(password),
    });
    if (!decision.ok) return decision;
    await this.users.append(userId, decision.value, revision, {
      organizationId: state.organizationId,
      actor: OPERATOR,
    });
    return success({ username: state.username, password });
  }

  /** A live user by username or, failing that, by e-mail. */
  private async userIdOf(login: string): Promise<number | null> {
    if (login.trim() === '') return null;
    return (await this.users.findLive(login, true))?.userId ?? null;
  }
}
