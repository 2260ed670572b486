/** Feature flags are stored per client (002 §6); portals and server evaluate them with the domain rule. */
import { FEATURE_FLAG_NAMES, FEATURE_FLAGS, isFeatureEnabled } from '@trialpath/domain';
import type { Db } from '../../db/database';
import { fail } from '../../http/errors';
import { currentClient } from '../clients/clients.service';
import { listFlags } from './flags.repository';

type Flag = { enabled: boolean; customers: string[] | null };

/** Every known flag (off unless stored), so nobody guesses about a missing one. */
async function flagsOf(db: Db, clientId: string): Promise<Record<string, Flag>> {
  const flags: Record<string, Flag> = {};
  for (const name of FEATURE_FLAG_NAMES) flags[name] = { enabled: false, customers: null };
  for (const row of await listFlags(db, clientId)) {
    flags[row.name] = {
      enabled: row.enabled,
      customers: Array.isArray(row.customers) ? row.customers.map(String) : null,
    };
  }
  return flags;
}

export async function featureFlags(db: Db) {
  const client = await currentClient(db);
  return { customerId: client.id, flags: await flagsOf(db, client.id) };
}

/**
 * The test environment exists for a client only while its test-portal flag is on for it (000 §2.5, §2.7):
 * the server refuses `env: test` staff requests otherwise, whatever a stale or crafted page sends.
 */
export async function requireTestEnvironment(db: Db, clientId: string): Promise<void> {
  if (!isFeatureEnabled(await flagsOf(db, clientId), FEATURE_FLAGS.testPortal, clientId)) {
    throw fail('FEATURE_DISABLED', undefined, { details: { flag: FEATURE_FLAGS.testPortal } });
  }
}
