import 'reflect-metadata';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { openEngines, type Engines } from '@lorawatch/engines/open-engines';
import {
  migrate,
  MigrationRefused,
  type MigrationPhase,
  type PhaseSummary,
} from '@lorawatch/migration/migrate';
import {
  describeSide,
  MIGRATE_USAGE,
  migrationSides,
  MigrationSettingsError,
  parseMigrationArguments,
} from '@lorawatch/migration/migration-settings';
import { PROJECTIONS_IN_ORDER } from '@lorawatch/processes/read-models';
import { ProgressBar } from './progress-bar';

const UNITS: Record<MigrationPhase, string> = {
  events: 'events',
  packets: 'packets',
  'read models': 'items',
};

/**
 * `npm run migrate -- --from embedded --to scale-out` (or back): copies the event store and the packet log, copies
 * the workers' read-store state and rebuilds the read models on the target. Stop every process of the source first.
 */
async function main(): Promise<void> {
  if (process.argv.slice(2).some((argument) => argument === '--help' || argument === '-h')) {
    console.log(MIGRATE_USAGE);
    return;
  }
  const args = parseMigrationArguments(process.argv.slice(2));
  const sides = migrationSides(args, process.env, `migrate-${process.pid}`);
  const embedded = args.from === 'embedded' ? sides.from : sides.to;
  const dataDir = dirname(embedded.databaseFile);
  if (args.from === 'embedded' && !existsSync(embedded.databaseFile)) {
    throw new MigrationRefused(
      `There is no embedded store at ${embedded.databaseFile}: set DATA_DIR or --data-dir.`,
    );
  }
  checkSecretKey(dataDir);
  console.error(`Migrating from ${describeSide(args.from, sides.from)}`);
  console.error(`          to   ${describeSide(args.to, sides.to)}${args.resume ? ' (resuming)' : ''}`);

  const opened: Engines[] = [];
  const onError = (error: unknown) => console.error(error instanceof Error ? error.message : String(error));
  try {
    const from = await openSide('source', describeSide(args.from, sides.from), () =>
      openEngines(sides.from, { onError, upcast: false }),
    );
    opened.push(from);
    const to = await openSide('target', describeSide(args.to, sides.to), () =>
      openEngines(sides.to, { onError, upcast: false }),
    );
    opened.push(to);
    const bars = new Map<MigrationPhase, ProgressBar>();
    await migrate({
      from,
      to,
      projections: PROJECTIONS_IN_ORDER,
      resume: args.resume,
      // KurrentDB stamps what it stores with its own clock: the copies carry the original times for it to read.
      onProgress: ({ phase, done, total }) => {
        let bar = bars.get(phase);
        if (!bar)
          bars.set(phase, (bar = new ProgressBar(phase.padEnd(11), total, process.stderr, UNITS[phase])));
        bar.update(done);
      },
      onPhaseDone: (summary) => {
        bars.get(summary.phase)?.finish(summary.copied + summary.skipped);
        console.error(summaryLine(summary));
      },
    });
  } finally {
    for (const engines of opened.reverse()) await engines.close();
  }
  if (args.to === 'embedded') keepSecrets(dataDir);
  else
    console.error(
      `Done. Give every scale-out process SECRET_KEY and JWT_SECRET as in ${join(dataDir, 'secret-key')} and ${join(dataDir, 'jwt-secret')}.`,
    );
}

/** A server that cannot be reached is a message, not a stack trace. */
async function openSide(role: string, where: string, open: () => Promise<Engines>): Promise<Engines> {
  try {
    return await open();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationRefused(`Cannot open the ${role}, ${where}: ${reason}`);
  }
}

function summaryLine({ phase, copied, skipped, truncated, seconds }: PhaseSummary): string {
  const rate = Math.round(copied / Math.max(seconds, 0.001));
  const already = skipped > 0 ? `, ${skipped} already there` : '';
  const left =
    truncated && truncated > 0
      ? `, ${truncated} left out (streams whose older events the source dropped, such as collector leases)`
      : '';
  return `${phase}: ${copied} ${UNITS[phase]} written${already}${left} in ${seconds.toFixed(1)} s (${rate} ${UNITS[phase]}/s)`;
}

/**
 * Data sources' credentials are sealed with SECRET_KEY in the events: the scale-out processes must use the key the
 * embedded install generated, or they could not open what is copied.
 */
function checkSecretKey(dataDir: string): void {
  const file = join(dataDir, 'secret-key');
  const given = process.env.SECRET_KEY;
  if (!given || !existsSync(file)) return;
  if (readFileSync(file, 'utf8').trim().toLowerCase() !== given.trim().toLowerCase()) {
    throw new MigrationRefused(
      `SECRET_KEY differs from ${file}: the data sources' credentials sealed with one would not open with the other.`,
    );
  }
}

/** An embedded target keeps the secrets the scale-out deployment used, as `npm start` reads them from DATA_DIR. */
function keepSecrets(dataDir: string): void {
  for (const [name, value] of [
    ['secret-key', process.env.SECRET_KEY],
    ['jwt-secret', process.env.JWT_SECRET],
  ] as const) {
    const file = join(dataDir, name);
    if (value && !existsSync(file)) writeFileSync(file, value, { mode: 0o600 });
    else if (!value && !existsSync(file))
      console.error(
        `${name.toUpperCase().replace('-', '_')} is not set: start the server with the scale-out one.`,
      );
  }
  console.error(`Done. Start the server with DATA_DIR=${dataDir}.`);
}

main().catch((error: unknown) => {
  if (error instanceof MigrationSettingsError || error instanceof MigrationRefused) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
