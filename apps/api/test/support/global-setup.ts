/**
 * Vitest global setup (once per run, before any worker starts): migrate and seed the run's template
 * database; afterwards drop every database of the run. Decision 0017.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { connectPostgres, pgliteHandle } from '../../src/db/database';
import {
  createPostgresDatabase,
  dropPostgresDatabasesOfRun,
  migrateAndSeed,
  postgresUrl,
  testDbKind,
} from './databases';

async function dump(pglite: PGlite, file: string): Promise<void> {
  const tarball = await pglite.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = await testDbKind();
  if (kind === 'postgres') {
    const prefix = `trialpath_test_${randomBytes(4).toString('hex')}`;
    const template = `${prefix}_template`;
    await createPostgresDatabase(template);
    try {
      // One connection, closed before any copy is made (a template must have no one connected).
      const handle = connectPostgres(postgresUrl(template), 1);
      await migrateAndSeed(handle);
      await handle.close();
    } catch (e) {
      await dropPostgresDatabasesOfRun(prefix);
      throw e;
    }
    project.provide('testDatabaseRun', { kind, prefix, template });
    return () => dropPostgresDatabasesOfRun(prefix);
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'trialpath-api-tests-'));
  const empty = path.join(dir, 'empty.tar');
  const template = path.join(dir, 'template.tar');
  const pglite = new PGlite('memory://');
  const handle = await pgliteHandle(pglite);
  await dump(pglite, empty);
  await migrateAndSeed(handle);
  await dump(pglite, template);
  await handle.close();
  project.provide('testDatabaseRun', { kind, template, empty });
  return async () => rmSync(dir, { recursive: true, force: true });
}
