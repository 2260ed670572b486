/**
 * Vitest setup file (runs before every test file): each test runs inside a savepoint of the file's
 * transaction on the shared database and everything it wrote is rolled back after it, so no test
 * sees another's leftovers, whatever the order. Work done in `beforeAll` (after createTestApp) lives
 * until the file's app is closed. Decision 0017.
 */
import { afterAll, afterEach, beforeEach } from 'vitest';
import { sharedDatabaseIfOpen } from './shared-database';

let levelAtStart = 0;

beforeEach(async () => {
  const shared = sharedDatabaseIfOpen();
  levelAtStart = shared?.held.openScopes ?? 0;
  if (shared && levelAtStart > 0) await shared.held.openScope();
});

afterEach(async () => {
  // Also undoes a test app the test made itself and did not close.
  await sharedDatabaseIfOpen()?.held.rollbackTo(levelAtStart);
});

afterAll(async () => {
  // A file that forgot close(): the next file on this worker still starts from the template.
  await sharedDatabaseIfOpen()?.held.rollbackTo(0);
});
