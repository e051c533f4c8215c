import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import type { RunStamp } from '../record';

/** `git rev-parse --short HEAD`, with "+dirty" when tracked files differ from it; "unknown" outside a checkout. */
export function commitOf(root: string): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    const changes = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    return changes === '' ? head : `${head}+dirty`;
  } catch {
    return 'unknown';
  }
}

export function machine(): string {
  const processors = cpus();
  const model = processors[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  const gib = totalmem() / 1024 ** 3;
  return `${processors.length} cores (${model}), ${gib.toFixed(1)} GiB, Node ${process.version.replace(/^v/, '')}`;
}

export function stampOf(root: string, command: string, quick: boolean): RunStamp {
  return {
    date: new Date().toISOString().slice(0, 10),
    commit: commitOf(root),
    machine: machine(),
    command,
    quick,
  };
}
