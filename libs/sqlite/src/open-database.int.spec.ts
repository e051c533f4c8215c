import { existsSync } from 'node:fs';
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
});
