import { join } from 'node:path';

const USAGE = 'usage: npm run replay [-- --until 2026-01-31T00:00:00Z] [--out FILE]';

/** Every read model of the live store rebuilt in place from the whole event store (the server stopped). */
export interface InPlaceReplay {
  mode: 'in-place';
}

/** The read models as of a time, built into a separate file while the live store is only read. */
export interface ReplayArgs {
  mode: 'as-of';
  /** ISO time; now when absent. */
  until: string;
  /** The file the read models are written to; never the live store. */
  out: string;
}

/**
 * Reads the command line: nothing rebuilds the live read models in place; `--until` (default now) and `--out`
 * (default a new file in DATA_DIR named after the time) build them into a separate file instead. Answers a usage
 * message when they do not make sense.
 */
export function parseReplayArgs(
  argv: string[],
  dataDir: string,
  now: Date,
): InPlaceReplay | ReplayArgs | { usage: string } {
  if (argv.length === 0) return { mode: 'in-place' };
  const value = (flag: string): string | undefined => {
    const index = argv.indexOf(flag);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  for (const flag of ['--until', '--out'])
    if (argv.includes(flag) && (value(flag) === undefined || value(flag)?.startsWith('--')))
      return { usage: USAGE };
  const untilText = value('--until');
  const millis = untilText === undefined ? now.getTime() : Date.parse(untilText);
  if (Number.isNaN(millis)) return { usage: USAGE };
  const until = new Date(millis).toISOString();
  return {
    mode: 'as-of',
    until,
    out: value('--out') ?? join(dataDir, `replay-${until.replace(/[:.]/g, '-')}.db`),
  };
}
