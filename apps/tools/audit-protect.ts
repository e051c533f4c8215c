import {
  describeProtection,
  protectChainAt,
  type ChainProtectionOptions,
} from '@lorawatch/event-store/kurrent/kurrent-chain-protection';

const USAGE =
  "usage: EVENT_STORE_URL=<an administrator's connection string> npm run audit:protect -- --chainer USER " +
  '[--reader USER]... [--metadata-writer USER]...';

/** Reads the command line; a usage message with the reason when it does not make sense. */
function parseProtectArgs(argv: string[]): ChainProtectionOptions | { usage: string } {
  let chainer: string | undefined;
  const readers: string[] = [];
  const metadataWriters: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const flag = argv[index];
    if (flag === '--help' || flag === '-h') return { usage: USAGE };
    if (!['--chainer', '--reader', '--metadata-writer'].includes(flag))
      return { usage: `Unknown argument "${flag}"\n${USAGE}` };
    const value = argv[index + 1];
    if (value === undefined || value.startsWith('--') || value.trim() === '')
      return { usage: `${flag} needs a user name\n${USAGE}` };
    index += 1;
    if (flag === '--chainer') chainer = value;
    else if (flag === '--reader') readers.push(value);
    else metadataWriters.push(value);
  }
  if (chainer === undefined)
    return { usage: `--chainer needs the chainer's user (the projector's)\n${USAGE}` };
  return { chainer, readers, metadataWriters };
}

/**
 * `npm run audit:protect`: the KurrentDB chain's one-time ACL step (docs/architecture.md, "Tamper evidence"). Only
 * the chainer's user may append to the chain's link log; nobody but the administrators may delete or truncate it,
 * nor delete or truncate the streams it chains. Run with an administrator's connection string; running it again
 * changes nothing. Prints what it set.
 */
async function main(argv: string[]): Promise<number> {
  const options = parseProtectArgs(argv);
  if ('usage' in options) {
    console.error(options.usage);
    return 2;
  }
  const url = (process.env.EVENT_STORE_URL || process.env.KURRENTDB_URL || '').trim();
  if (!url) {
    console.error(
      'The event store is the embedded file: its chain is kept in its appends and needs no ACL. audit:protect is for a KurrentDB server (EVENT_STORE_URL).',
    );
    return 2;
  }
  try {
    for (const line of describeProtection(await protectChainAt(url, options))) console.log(line);
    return 0;
  } catch (error) {
    const reason = error instanceof Error ? error.message || error.name : String(error);
    console.error(
      `Could not set the chain's ACLs: ${reason}. The step needs the server, with an administrator's connection string.`,
    );
    return 1;
  }
}

void main(process.argv.slice(2)).then((status) => {
  process.exitCode = status;
});
