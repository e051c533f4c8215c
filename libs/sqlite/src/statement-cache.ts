import type BetterSqlite3 from 'better-sqlite3';
import type { Database } from './open-database';

const MAX_STATEMENTS = 256;

/**
 * Prepared statements keyed by SQL text, for queries built at run time (filters). Values are always bound,
 * so the number of distinct texts stays small; the cap only guards against unbounded shapes ($in lists).
 */
export class StatementCache {
  private readonly statements = new Map<string, BetterSqlite3.Statement<unknown[], unknown>>();

  constructor(private readonly db: Database) {}

  get(sql: string): BetterSqlite3.Statement<unknown[], unknown> {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= MAX_STATEMENTS) this.statements.clear();
      statement = this.db.prepare<unknown[], unknown>(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}
