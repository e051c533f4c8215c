import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { parseOptions, type BenchOptions } from './options';
import { consoleSummary, emptyRecord, renderScenario, rewriteRecord, type ScenarioReport } from './record';
import { stampOf } from './support/machine';
import { fixed } from './support/stats';
import type { ScenarioContext } from './scenarios/context';
import { runIngest } from './scenarios/ingest';
import { runLiveNetwork } from './scenarios/live-network';
import { runScaleOut } from './scenarios/scale-out';
import { runStored } from './scenarios/stored';
import { runWhatIfBench } from './scenarios/what-if';

/**
 * The benchmark command: every scenario asked for, against the built server in its own processes; rewrites the
 * generated tables of the record with the date, the commit and the machine. Options: see USAGE in options.ts.
 * A scenario that fails is recorded as failed and makes the command exit with 1; a missed target is recorded,
 * never an error.
 */
const ROOT = join(__dirname, '..', '..');

const QUICK_INTRO =
  'Output of `npm run bench -- --quick`: every scenario at small sizes, to show that the benchmark still runs. ' +
  'Not the record (bench/RESULTS.md); this file is not kept in the repository.';

function commandLine(argv: readonly string[]): string {
  return ['npm run bench', ...(argv.length > 0 ? ['--', ...argv] : [])].join(' ');
}

async function formatted(text: string, file: string): Promise<string> {
  try {
    const prettier = await import('prettier');
    const config = (await prettier.resolveConfig(file)) ?? {};
    return await prettier.format(text, { ...config, parser: 'markdown', filepath: file });
  } catch {
    return text;
  }
}

async function writeRecord(
  options: BenchOptions,
  command: string,
  reports: ScenarioReport[],
): Promise<string | null> {
  if (options.out === '-') return null;
  const file = isAbsolute(options.out) ? options.out : join(ROOT, options.out);
  const existing = existsSync(file)
    ? readFileSync(file, 'utf8')
    : options.quick
      ? emptyRecord('Benchmark results, quick run', QUICK_INTRO)
      : emptyRecord('Benchmark results', `Output of \`${command}\`.`);
  writeFileSync(file, await formatted(rewriteRecord(existing, reports), file));
  return file;
}

export async function runBench(argv: readonly string[], command = commandLine(argv)): Promise<number> {
  let options: BenchOptions;
  try {
    options = parseOptions(argv);
  } catch (error) {
    console.error((error as Error).message);
    return argv.includes('--help') || argv.includes('-h') ? 0 : 2;
  }
  const began = Date.now();
  const profileRoot = options.profile ? mkdtempSync(join(tmpdir(), 'lorawatch-bench-profiles-')) : null;
  const context: ScenarioContext = {
    stamp: stampOf(ROOT, command, options.quick),
    profileDir: (name) => {
      if (!profileRoot) return undefined;
      const directory = join(profileRoot, name);
      mkdirSync(directory, { recursive: true });
      return directory;
    },
    log: (line) => console.log(`[${fixed((Date.now() - began) / 1000, 1).padStart(6)} s] ${line}`),
  };
  context.log(`${context.stamp.command}: scenarios ${options.only.join(', ')} on ${context.stamp.machine}`);
  const only = new Set(options.only);
  const reports: ScenarioReport[] = [];
  if (only.has('a')) reports.push(await runIngest(context, options.ingest));
  if (only.has('b') || only.has('c')) {
    reports.push(
      ...(await runLiveNetwork(context, options.live, { storm: only.has('b'), latency: only.has('c') })),
    );
  }
  if (only.has('d') || only.has('e')) {
    reports.push(
      ...(await runStored(context, options.store, { restart: only.has('d'), api: only.has('e') })),
    );
  }
  if (only.has('f')) reports.push(await runWhatIfBench(context, options.whatIf, 'f'));
  if (only.has('g')) reports.push(await runScaleOut(context, options.scaleOut));
  if (profileRoot) rmSync(profileRoot, { recursive: true, force: true });

  const file = await writeRecord(options, command, reports);
  if (file === null) {
    const text = reports.map(renderScenario).join('\n\n');
    console.log(`\n${text.replace(/^<!-- bench:scenario .*-->\n\n/gm, '')}`);
  }
  console.log(`\n${consoleSummary(reports)}\n`);
  const failed = reports.filter((report) => report.failure !== undefined);
  for (const report of failed) console.error(`(${report.id}) ${report.title} failed: ${report.failure}`);
  context.log(`done${file ? `; record written to ${file}` : ''}`);
  return failed.length > 0 ? 1 : 0;
}

/** Runs the command and ends the process with its exit code. */
export function exitWith(run: Promise<number>): void {
  run.then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
