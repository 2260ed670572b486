/**
 * One SQL dialect, two connections: PostgreSQL through `pg` when DATABASE_URL is set, the embedded
 * PGlite otherwise (DESIGN.md §1). Everything above this file only sees `Kysely<Database>`.
 */
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Run a multi-statement SQL text (migrations) in one round trip. */
  exec(sqlText: string): Promise<void>;
  close(): Promise<void>;
}

/** int8 (bigserial ids, count(*)) as a JS number instead of pg's default string. */
function int8AsNumber(value: string): number {
  return Number(value);
}

export function connectPostgres(url: string, max = 10): DbHandle {
  const types = {
    getTypeParser: ((oid: number, format?: string) =>
      oid === 20 ? int8AsNumber : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
  };
  // JIT off: its compile time (20–60 ms, measured on the participant list's deep pages) exceeds what it saves on
  // the short queries of an interactive application (decision E-participant-list)
  const pool = new pg.Pool({ connectionString: url, max, types, options: '-c jit=off' });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    exec: async (sqlText) => {
      await pool.query(sqlText);
    },
    close: () => db.destroy(),
  };
}

/** `dataDir` undefined → in memory (tests). */
export function connectPglite(dataDir?: string): Promise<DbHandle> {
  return pgliteHandle(new PGlite(dataDir ?? 'memory://'));
}

/** A handle on a PGlite instance made elsewhere (the tests start theirs from a dumped, seeded data directory). */
export async function pgliteHandle(pglite: PGlite): Promise<DbHandle> {
  await pglite.waitReady;
  const dialect = new PGliteDialect(pglite);
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    kind: 'pglite',
    exec: (sqlText) => dialect.driver.exec(sqlText),
    close: () => db.destroy(),
  };
}
