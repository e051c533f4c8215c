import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TempSqliteFile {
  /** Path of a database file inside a fresh temporary folder (the file itself does not exist yet). */
  file: string;
  /** Deletes the folder with the database and its WAL files. */
  remove(): void;
}

/** Integration tests run against real files, because WAL, locking and re-opening only exist on disk. */
export function createTempSqliteFile(prefix: string): TempSqliteFile {
  const folder = mkdtempSync(join(tmpdir(), `lorawatch-${prefix}-`));
  return {
    file: join(folder, 'nested', 'lorawatch.db'),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
