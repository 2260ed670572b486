/**
 * Migrations are applied in date order, once each; a file dated before one already applied, or named
 * outside the pattern, is refused with a message that says what to do, and nothing is applied. Each test
 * starts from an empty database of the run's kind (PostgreSQL or PGlite).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/database';
import { MigrationOrderError, planMigrations, runMigrations } from '../src/db/migrate';
import { emptyTestDatabase } from './helpers';

let handle: DbHandle | null = null;
let dir = '';
afterEach(async () => {
  await handle?.close();
  handle = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function migrations(files: Record<string, string>) {
  dir = mkdtempSync(path.join(tmpdir(), 'trialpath-migrations-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
}

const tables = async (db: DbHandle['db']) =>
  (
    await sql<{
      t: string;
    }>`select table_name as t from information_schema.tables where table_schema = 'public' order by 1`.execute(db)
  ).rows.map((r) => r.t);

describe('migrations', () => {
  it('apply in date order, once; a later run applies only the new ones', async () => {
    migrations({ '202601020000_b.sql': 'create table b (id int);', '202601010000_a.sql': 'create table a (id int);' });
    handle = await emptyTestDatabase();
    expect(await runMigrations(handle, dir)).toEqual(['202601010000_a.sql', '202601020000_b.sql']);
    expect(await runMigrations(handle, dir)).toEqual([]);
    writeFileSync(path.join(dir, '202601030000_c.sql'), 'create table c (id int);');
    expect(await runMigrations(handle, dir)).toEqual(['202601030000_c.sql']);
    expect(await tables(handle.db)).toEqual(['a', 'b', 'c', 'schema_migrations']);
  });

  it('refuse a file dated before one already applied, applying nothing', async () => {
    migrations({ '202601010000_a.sql': 'create table a (id int);', '202601030000_c.sql': 'create table c (id int);' });
    handle = await emptyTestDatabase();
    await runMigrations(handle, dir);
    writeFileSync(path.join(dir, '202601020000_b.sql'), 'create table b (id int);');
    writeFileSync(path.join(dir, '202601040000_d.sql'), 'create table d (id int);');
    await expect(runMigrations(handle, dir)).rejects.toThrow(
      'Migration 202601020000_b.sql is dated before 202601030000_c.sql, which this database already applied',
    );
    expect(await tables(handle.db)).toEqual(['a', 'c', 'schema_migrations']);
  });

  it('refuse a misnamed file', () => {
    expect(() => planMigrations(['202601010000_a.sql', '2026-01-02_b.sql', 'notes.txt'], new Set())).toThrow(
      MigrationOrderError,
    );
    expect(planMigrations(['202601010000_a.sql', 'notes.txt'], new Set())).toEqual(['202601010000_a.sql']);
  });
});
