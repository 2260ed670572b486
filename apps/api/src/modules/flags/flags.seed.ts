/** The demo data set's feature flags: the test portal and the new study configurator are on. */
import { FEATURE_FLAGS } from '@trialpath/domain';
import type { DbCtx } from '../../kernel/context';
import { upsertFlag } from './flags.repository';

export async function seedFlags(ctx: DbCtx, clientId: string): Promise<void> {
  await upsertFlag(ctx.db, clientId, FEATURE_FLAGS.testPortal, true, []);
  await upsertFlag(ctx.db, clientId, FEATURE_FLAGS.newStudyConfigurator, true, []);
}
