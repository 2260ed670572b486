/**
 * Plain dated SQL migrations (apps/api/migrations/YYYYMMDDHHMM_name.sql), applied in name order,
 * each in its own transaction, recorded in schema_migrations.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { DbHandle } from './database';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');
const NAME = /^\d{12}_[a-z0-9_]+\.sql$/;

export async function runMigrations(handle: DbHandle, dir = MIGRATIONS_DIR): Promise<string[]> {
  await handle.exec(
    'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  );
  const files = (await readdir(dir)).filter((f) => NAME.test(f)).sort();
  const done = new Set(
    (await sql<{ name: string }>`select name from schema_migrations`.execute(handle.db)).rows.map((r) => r.name),
  );
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const text = await readFile(path.join(dir, file), 'utf8');
    // One multi-statement simple query runs as one implicit transaction: all of it or none of it.
    // The file name matches NAME (digits, lowercase letters, underscores), so quoting it inline is safe.
    await handle.exec(`${text}\n;insert into schema_migrations (name) values ('${file}');`);
    applied.push(file);
  }
  return applied;
}
