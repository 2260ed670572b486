/**
 * `npm run seed:demo -w apps/api`: migrate DATABASE_URL (or the embedded database) and write the demo data set
 * into it if it holds none — a PostgreSQL instance to try Trialpath on, or several API processes sharing one
 * database in the tests. Never into a database that already has a client.
 */
import { loadConfig } from '../config';
import { runMigrations } from '../db/migrate';
import { openDatabase } from '../db/open';
import { createPlatform } from '../platform';
import { seedDemo } from '../seed/demo';

const config = loadConfig();
const handle = await openDatabase(config);
try {
  await runMigrations(handle);
  const written = await seedDemo(createPlatform(handle.db, config));
  console.log(
    written ? 'Demo data set written (password Trialpath#1).' : 'The database already holds data: nothing written.',
  );
} finally {
  await handle.close();
}
