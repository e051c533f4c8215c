import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { profileTable, summariseProfiles } from '../support/cpu-profile';
import type { RunStamp, Table } from '../record';

/** What every scenario is given by the runner. */
export interface ScenarioContext {
  stamp: RunStamp;
  /** Where the server of a scenario writes its CPU profiles, when `--profile` is on. */
  profileDir(name: string): string | undefined;
  log(line: string): void;
}

export function scratchDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `lorawatch-bench-${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** The profile table of a scenario's server, when one was taken. */
export function profileTables(context: ScenarioContext, name: string, caption: string): Table[] {
  const directory = context.profileDir(name);
  if (!directory) return [];
  const summary = summariseProfiles(directory);
  return summary ? [profileTable(summary, caption)] : [];
}

/** A paragraph for the record when the server logged errors during a scenario (and the lines, on the console). */
export function problemsNote(context: ScenarioContext, scenario: string, problems: string[]): string[] {
  if (problems.length === 0) return [];
  context.log(`${scenario} the server logged ${problems.length} error line(s):`);
  for (const line of problems.slice(0, 10)) context.log(`  ${line.slice(0, 400)}`);
  const first = problems[0].replace(/`/g, "'").slice(0, 300);
  return [
    `The server logged ${problems.length} error line${problems.length === 1 ? '' : 's'} meanwhile; the first: \`${first}\`.`,
  ];
}
