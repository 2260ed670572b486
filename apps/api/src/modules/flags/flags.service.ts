/** Feature flags are stored per client (002 §6); portals and server evaluate them with the domain rule. */
import { FEATURE_FLAG_NAMES, isFeatureEnabled } from '@trialpath/domain';
import type { Db } from '../../db/database';
import type { ServiceCtx } from '../../kernel/context';
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

export async function featureFlags(ctx: ServiceCtx) {
  const client = await currentClient(ctx);
  return { customerId: client.id, flags: await flagsOf(ctx.db, client.id) };
}

/** Whether a flag is on for a client (the domain's rule on the stored flags). */
export async function isFeatureOn(db: Db, flag: string, clientId: string): Promise<boolean> {
  return isFeatureEnabled(await flagsOf(db, clientId), flag, clientId);
}
