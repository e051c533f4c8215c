import { join, resolve } from 'node:path';
import type { ChainVerification } from '@lorawatch/event-store/chain/event-chain';
import {
  NoEventChainError,
  NoEventStoreFileError,
  verifySqliteChainFile,
} from '@lorawatch/event-store/embedded/sqlite-chain-verifier';

const USAGE = 'usage: npm run audit:verify [-- --data-dir <dir>]';

/**
 * `npm run audit:verify`: walks the event store's hash chain from its start to its head and recomputes every hash.
 * Exits 0 printing the head position and hash (keep them: a later run that prints a different hash for the same
 * position means the record was rewritten), or 1 naming the first position that does not match. Safe while the
 * server runs: it reads its own snapshot of the file.
 */
function main(argv: string[]): number {
  let dataDir: string | undefined;
  for (let index = 0; index < argv.length; index++) {
    if (argv[index] === '--data-dir' && argv[index + 1] !== undefined) {
      dataDir = argv[index + 1];
      index += 1;
    } else {
      console.error(
        argv[index] === '--help' || argv[index] === '-h'
          ? USAGE
          : `Unknown argument "${argv[index]}"\n${USAGE}`,
      );
      return 2;
    }
  }
  if (process.env.EVENT_STORE_URL || process.env.KURRENTDB_URL) {
    console.error(
      'The event store is a KurrentDB server: audit:verify walks the embedded file only; GET /api/v1.0/audit/verify walks the server\'s chain (see docs/architecture.md, "Tamper evidence").',
    );
    return 2;
  }
  const file = join(resolve(dataDir ?? (process.env.DATA_DIR || './data')), 'lorawatch.db');
  let result: ChainVerification;
  try {
    result = verifySqliteChainFile(file);
  } catch (error) {
    if (error instanceof NoEventStoreFileError || error instanceof NoEventChainError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  for (const line of describe(result)) console.log(line);
  return result.ok ? 0 : 1;
}

function describe(result: ChainVerification): string[] {
  const lines: string[] = [];
  if (result.genesis) {
    const { position, startedAt, reason } = result.genesis;
    const how = reason === 'migration' ? 'when the store was migrated' : 'with the new store';
    lines.push(`Chain started at position ${position} on ${startedAt} (${how}).`);
    if (result.beforeChain > 0)
      lines.push(`${result.beforeChain} events were recorded before the chain: no hash covers them.`);
  }
  if (result.ok) {
    lines.push(`Event record intact: ${result.checked} chained events checked.`);
    lines.push(`Head position ${result.headPosition}`);
    lines.push(`Head hash ${result.headHash}`);
  } else {
    lines.push(
      `Event record altered: position ${result.firstBadPosition} does not match (${result.reason}).`,
    );
    lines.push(`The chain holds up to position ${result.headPosition} (hash ${result.headHash}).`);
  }
  return lines;
}

process.exitCode = main(process.argv.slice(2));
