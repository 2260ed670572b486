/**
 * The demo data set (shared brief): one client, the DEMO study with two sites and a draft version,
 * five staff accounts and a few participants per site, one of them in the TEST environment. Each area writes its own
 * part (`modules/<area>/<area>.seed.ts`); this file puts them in order, in one transaction, recorded
 * as one audit entry. Written only into an empty database; running it again changes nothing.
 * Password for every account: Trialpath#1.
 */
import { type Platform, withSystemContext } from '../kernel/context';
import { hashPassword } from '../modules/auth/passwords.service';
import { sendInvitation } from '../modules/auth/invitations.service';
import { seedClient } from '../modules/clients/clients.seed';
import { seedFlags } from '../modules/flags/flags.seed';
import { seedParticipants } from '../modules/participants/participants.seed';
import { seedStudies } from '../modules/studies/studies.seed';
import { seedTelehealth } from '../modules/telehealth/telehealth.seed';
import { seedStaff } from '../modules/users/users.seed';
import { seedVersions } from '../modules/versions/versions.seed';

export { DEMO_STUDY_FEATURES } from '../modules/studies/studies.seed';
export { DEMO_INVITEE_EMAIL } from '../modules/users/users.seed';

export const DEMO_PASSWORD = 'Trialpath#1';

let hashOnce: Promise<string> | undefined;
/** argon2 is slow on purpose: one hash serves every demo account (and every test database). */
function demoHash(): Promise<string> {
  hashOnce ??= hashPassword(DEMO_PASSWORD);
  return hashOnce;
}

/** Returns false when the database already holds data (nothing is written then). */
export async function seedDemo(platform: Platform): Promise<boolean> {
  const passwordHash = await demoHash();
  return withSystemContext(platform, 'demo-seed', async (ctx) => {
    const clientId = await seedClient(ctx);
    if (!clientId) return false;
    await seedFlags(ctx, clientId);
    const studies = await seedStudies(ctx, clientId);
    await seedVersions(ctx, studies);
    const invitee = await seedStaff(ctx, { clientId, passwordHash, studies });
    await sendInvitation(ctx, invitee);
    await seedParticipants(ctx, { studyId: studies.demo, sites: studies.sites, passwordHash });
    await seedTelehealth(ctx, studies.demo);
    ctx.audit({
      action: 'demo.seed',
      entityType: 'client',
      entityId: clientId,
      after: { studies: ['DEMO', 'SLEEP', 'CARDIO'] },
    });
    return true;
  });
}
