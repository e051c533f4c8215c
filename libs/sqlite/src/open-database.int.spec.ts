import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { openDatabase } from './open-database';
import { createTempSqliteFile } from './testing/temp-sqlite-file';

describe('openDatabase', () => {
  it('creates the parent folder and opens the file in WAL mode with the agreed pragmas', () => {
    const temp = createTempSqliteFile('open');
    try {
      const db = openDatabase(temp.file);
      expect(existsSync(temp.file)).toBe(true);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
      expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      db.close();
    } finally {
      temp.remove();
    }
  });

  it('opens an in-memory database for tests', () => {
    const db = openDatabase(':memory:');
    expect(db.prepare('SELECT 1 AS one').get()).toEqual({ one: 1 });
    db.close();
  });

  it('lets a second connection see committed writes (the file is shared between adapters and processes)', () => {
    const temp = createTempSqliteFile('shared');
    try {
      const writer = openDatabase(temp.file);
      const reader = openDatabase(temp.file);
      writer.exec('CREATE TABLE t (v INTEGER)');
      writer.prepare('INSERT INTO t VALUES (?)').run(7);
      expect(reader.prepare('SELECT v FROM t').all()).toEqual([{ v: 7 }]);
      writer.close();
      reader.close();
    } finally {
      temp.remove();
    }
  });

  /** The permission bits of a path, as `ls -l` shows them in octal. */
  const mode = (path: string) => statSync(path).mode & 0o777;

  it('keeps the folder and the database files to their owner (0700 and 0600)', () => {
    const temp = createTempSqliteFile('modes');
    try {
      const db = openDatabase(temp.file);
      db.exec('CREATE TABLE t (v INTEGER)');
      db.prepare('INSERT INTO t VALUES (1)').run();
      expect(mode(dirname(temp.file))).toBe(0o700);
      for (const file of [temp.file, `${temp.file}-wal`, `${temp.file}-shm`])
        expect({ file, mode: mode(file) }).toEqual({ file, mode: 0o600 });
      db.close();
    } finally {
      temp.remove();
    }
  });

  it('tightens the folder and the file an older version left readable by others', () => {
    const temp = createTempSqliteFile('older');
    try {
      mkdirSync(dirname(temp.file), { recursive: true, mode: 0o755 });
      chmodSync(dirname(temp.file), 0o755);
      writeFileSync(temp.file, '', { mode: 0o644 });
      chmodSync(temp.file, 0o644);
      const db = openDatabase(temp.file);
      db.exec('CREATE TABLE t (v INTEGER)');
      expect({
        folder: mode(dirname(temp.file)),
        file: mode(temp.file),
        wal: mode(`${temp.file}-wal`),
      }).toEqual({
        folder: 0o700,
        file: 0o600,
        wal: 0o600,
      });
      db.close();
    } finally {
      temp.remove();
    }
  });
});
