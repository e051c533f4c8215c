import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Table } from '../record';
import { fixed } from './stats';

/** The parts of a V8 `.cpuprofile` this summary reads. */
interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }>;
  samples?: number[];
  timeDeltas?: number[];
}

export interface ProfileEntry {
  name: string;
  selfMs: number;
}

export interface ProfileSummary {
  /** Profiles read (one per thread that ran). */
  files: number;
  /** Sampled time the threads were busy (not idle), ms. */
  busyMs: number;
  idleMs: number;
  top: ProfileEntry[];
}

function frameName(frame: CpuProfile['nodes'][number]['callFrame']): string {
  const fn = frame.functionName || '(anonymous)';
  if (!frame.url) return fn;
  const file = frame.url.replace(/^file:\/\//, '');
  const inDeps = file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  const where = inDeps ? inDeps[1] : basename(file);
  return `${fn} (${where}:${frame.lineNumber + 1})`;
}

/** Self time per function over every profile in the directory, largest first. */
export function summariseProfiles(directory: string, topCount = 12): ProfileSummary | null {
  if (!existsSync(directory)) return null;
  const files = readdirSync(directory).filter((name) => name.endsWith('.cpuprofile'));
  if (files.length === 0) return null;
  const self = new Map<string, number>();
  let idleMs = 0;
  let busyMs = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(join(directory, file), 'utf8')) as CpuProfile;
    const names = new Map(profile.nodes.map((node) => [node.id, frameName(node.callFrame)]));
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    for (let index = 0; index < samples.length; index++) {
      const name = names.get(samples[index]) ?? '(unknown)';
      const ms = (deltas[index + 1] ?? deltas[index] ?? 0) / 1000;
      if (name === '(idle)') {
        idleMs += ms;
        continue;
      }
      busyMs += ms;
      self.set(name, (self.get(name) ?? 0) + ms);
    }
  }
  const top = [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, topCount)
    .map(([name, selfMs]) => ({ name, selfMs }));
  return { files: files.length, busyMs, idleMs, top };
}

export function profileTable(summary: ProfileSummary, caption: string): Table {
  return {
    caption: `${caption} (${summary.files} thread profile${summary.files === 1 ? '' : 's'}, ${fixed(
      summary.busyMs / 1000,
      1,
    )} s busy, ${fixed(summary.idleMs / 1000, 1)} s idle): top self time`,
    columns: [
      { title: 'function' },
      { title: 'self s', align: 'right' },
      { title: 'of busy', align: 'right' },
    ],
    rows: summary.top.map((entry) => [
      `\`${entry.name}\``,
      fixed(entry.selfMs / 1000, 2),
      `${fixed((entry.selfMs / Math.max(summary.busyMs, 1)) * 100, 1)} %`,
    ]),
  };
}
