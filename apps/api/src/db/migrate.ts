/**
 * Plain dated SQL migrations (apps/api/migrations/YYYYMMDDHHMM_name.sql), applied in name order,
 * each in its own transaction, recorded in schema_migrations. A migration dated before one already
 * applied is refused: databases that already ran the later one would never run it (or run it after
 * what it was written to come before), so the same files would give different schemas.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { DbHandle } from './database';

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');
const NAME = /^\d{12}_[a-z0-9_]+\.sql$/;

export class MigrationOrderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationOrderError';
  }
}

/** The pending files in order, or the reason the set cannot be applied. */
export function planMigrations(files: readonly string[], applied: ReadonlySet<string>): string[] {
  const sqlFiles = files.filter((f) => f.endsWith('.sql'));
  const misnamed = sqlFiles.filter((f) => !NAME.test(f));
  if (misnamed.length) {
    throw new MigrationOrderError(`Migration file names must be YYYYMMDDHHMM_name.sql: ${misnamed.join(', ')}`);
  }
  const ordered = [...sqlFiles].sort();
  const latestApplied = [...applied].sort().at(-1);
  const pending = ordered.filter((f) => !applied.has(f));
  const early = latestApplied ? pending.filter((f) => f < latestApplied) : [];
  if (early.length) {
    throw new MigrationOrderError(
      `Migration ${early.join(', ')} is dated before ${latestApplied}, which this database already applied: ` +
        'give it a date after the latest migration.',
    );
  }
  return pending;
}

export async function runMigrations(handle: DbHandle, dir = MIGRATIONS_DIR): Promise<string[]> {
  await handle.exec(
    'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  );
  const done = new Set(
    (await sql<{ name: string }>`select name from schema_migrations`.execute(handle.db)).rows.map((r) => r.name),
  );
  const pending = planMigrations(await readdir(dir), done);
  for (const file of pending) {
    const text = await readFile(path.join(dir, file), 'utf8');
    // One multi-statement simple query runs as one implicit transaction: all of it or none of it.
    // The file name matches NAME (digits, lowercase letters, underscores), so quoting it inline is safe.
    await handle.exec(`${text}\n;insert into schema_migrations (name) values ('${file}');`);
  }
  return pending;
}
