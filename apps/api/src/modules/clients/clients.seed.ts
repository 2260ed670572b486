/** The demo data set's client. */
import type { DbCtx } from '../../kernel/context';
import { findDefaultClient, insertClient } from './clients.repository';

/** The demo client, or null when the database already holds a client (the seed then writes nothing). */
export async function seedClient(ctx: DbCtx): Promise<string | null> {
  if (await findDefaultClient(ctx.db)) return null;
  return (await insertClient(ctx.db, 'Trialpath Demo', 'trialpath-demo')).id;
}
