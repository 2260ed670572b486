/** `npm run migrate -w apps/api`: apply pending migrations to DATABASE_URL (or the embedded database). */
import { loadConfig } from '../config';
import { runMigrations } from '../db/migrate';
import { openDatabase } from '../db/open';

const handle = await openDatabase(loadConfig());
try {
  const applied = await runMigrations(handle);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await handle.close();
}
