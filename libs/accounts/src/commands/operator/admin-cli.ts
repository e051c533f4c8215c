import { loadConfig } from '@lorawatch/config/app-config';
import { openEngines } from '@lorawatch/engines/open-engines';
import { systemClock } from '@lorawatch/platform/clock';
import { UserStore } from '../shared/user-store';
import { OperatorCommands } from './operator-commands';

export const ADMIN_USAGE = `usage: npm run admin -- <command> <username or e-mail> [options]

Account commands for the operator of the server, on the store that DATA_DIR (or the engine URLs) name. They work
with the server stopped or running: they append the same events as the API, so sign-ins and sessions follow at once.

  unblock <user>                       lift the user's block and every sign-in wait
  reset-password <user>                set a new password, print it once; unblocks and ends every session
  reset-password <user> --password-stdin
                                       read the new password from standard input instead (it must meet the
                                       password rule: 8 to 128 characters, not common, not the user's names)
  --help                               this text

Exit status: 0 done, 1 refused (unknown user, password not accepted), 2 wrong usage.`;

export interface AdminIo {
  out(line: string): void;
  err(line: string): void;
  /** Standard input, read whole (only for --password-stdin). */
  readInput(): Promise<string>;
}

interface Invocation {
  command: 'unblock' | 'reset-password';
  user: string;
  passwordStdin: boolean;
}

function parse(args: string[]): Invocation | string {
  const flags = args.filter((arg) => arg.startsWith('-'));
  const words = args.filter((arg) => !arg.startsWith('-'));
  const unknown = flags.find((flag) => flag !== '--password-stdin');
  if (unknown) return `Unknown option ${unknown}`;
  const [command, user, ...rest] = words;
  if (command !== 'unblock' && command !== 'reset-password')
    return command ? `Unknown command ${command}` : 'No command given';
  if (!user) return `${command} needs a username or an e-mail`;
  if (rest.length > 0) return `Unexpected argument ${rest[0]}`;
  const passwordStdin = flags.includes('--password-stdin');
  if (passwordStdin && command !== 'reset-password') return '--password-stdin goes with reset-password';
  return { command, user, passwordStdin };
}

/** Runs one admin command; answers the exit status. */
export async function runAdmin(
  args: string[],
  io: AdminIo,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.out(ADMIN_USAGE);
    return 0;
  }
  const invocation = parse(args);
  if (typeof invocation === 'string') {
    io.err(`${invocation}\n\n${ADMIN_USAGE}`);
    return 2;
  }
  let given: string | undefined;
  if (invocation.passwordStdin) {
    // One password, as `echo` or a password manager's pipe gives it: the final line break is not part of it.
    given = (await io.readInput()).replace(/\r?\n$/, '');
    if (given === '') {
      io.err('No password on standard input');
      return 1;
    }
  }
  const engines = await openEngines(loadConfig(env), { onError: (error) => io.err(String(error)) });
  try {
    const operator = new OperatorCommands(new UserStore(engines.events, engines.store, systemClock));
    if (invocation.command === 'unblock') {
      const outcome = await operator.unblock(invocation.user);
      if (!outcome.ok) {
        io.err(outcome.error.message);
        return 1;
      }
      io.out(outcome.value);
      return 0;
    }
    const outcome = await operator.resetPassword(invocation.user, given);
    if (!outcome.ok) {
      io.err(outcome.error.message);
      return 1;
    }
    const { username, password } = outcome.value;
    if (given === undefined) {
      io.out(`New password of ${username} (shown once; every session of ${username} has ended):`);
      io.out(password);
    } else io.out(`Password of ${username} changed; every session of ${username} has ended.`);
    return 0;
  } finally {
    await engines.close();
  }
}
