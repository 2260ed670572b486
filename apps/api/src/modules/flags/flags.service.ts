/** Feature flags are stored per client (002 §6); the portals evaluate them with the domain rule. */
import { FEATURE_FLAG_NAMES } from '@trialpath/domain';
import type { Db } from '../../db/database';
import { currentClient } from '../clients/clients.service';
import { listFlags } from './flags.repository';

type Flag = { enabled: boolean; customers: string[] | null };

export async function featureFlags(db: Db) {
  const client = await currentClient(db);
  const flags: Record<string, Flag> = {};
  // Every known flag is listed (off unless stored), so a portal never guesses about a missing one.
  for (const name of FEATURE_FLAG_NAMES) flags[name] = { enabled: false, customers: null };
  for (const row of await listFlags(db, client.id)) {
    flags[row.name] = {
      enabled: row.enabled,
      customers: Array.isArray(row.customers) ? row.customers.map(String) : null,
    };
  }
  return { customerId: client.id, flags };
}
