import path from 'node:path';
import { type AppConfig, loadConfig } from '../config';
import { connectPglite, connectPostgres, type DbHandle } from './database';

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite under DATA_DIR/pgdata. */
export async function openDatabase(config: AppConfig = loadConfig()): Promise<DbHandle> {
  return config.databaseUrl ? connectPostgres(config.databaseUrl) : connectPglite(path.join(config.dataDir, 'pgdata'));
}
