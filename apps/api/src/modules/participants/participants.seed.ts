/** The demo data set's participants: a few per DEMO site, one of them in the TEST environment. */
import type { DbCtx } from '../../kernel/context';

/** Made-up names (first, last) of the demo participants. */
const NAMES: Record<string, [string, string]> = {
  'DEMO-US001-0001': ['Alex', 'Morgan'],
  'DEMO-US001-0002': ['Jordan', 'Lee'],
  'DEMO-US001-0003': ['Sam', 'Patel'],
  'DEMO-ES001-0001': ['Lucía', 'García'],
  'DEMO-ES001-0002': ['Mateo', 'Ruiz'],
  'TEST-US001-0001': ['Test', 'Participant'],
};

export async function seedParticipants(
  ctx: DbCtx,
  input: { studyId: string; sites: { boston: string; madrid: string }; passwordHash: string },
): Promise<void> {
  const { boston, madrid } = input.sites;
  const rows = [
    {
      code: 'DEMO-US001-0001',
      site: boston,
      username: 'participant.demo',
      status: 'ACTIVE',
      language: 'en',
      env: 'LIVE',
    },
    {
      code: 'DEMO-US001-0002',
      site: boston,
      username: 'participant.us2',
      status: 'ACTIVE',
      language: 'en',
      env: 'LIVE',
    },
    { code: 'DEMO-US001-0003', site: boston, username: null, status: 'NOTINVITED', language: 'en', env: 'LIVE' },
    {
      code: 'DEMO-ES001-0001',
      site: madrid,
      username: 'participante.es1',
      status: 'ACTIVE',
      language: 'es',
      env: 'LIVE',
    },
    { code: 'DEMO-ES001-0002', site: madrid, username: null, status: 'INVITED', language: 'es', env: 'LIVE' },
    {
      code: 'TEST-US001-0001',
      site: boston,
      username: 'participant.test',
      status: 'ACTIVE',
      language: 'en',
      env: 'TEST',
    },
  ] as const;
  await ctx.db
    .insertInto('participants')
    .values(
      rows.map((p) => ({
        study_id: input.studyId,
        site_id: p.site,
        participant_code: p.code,
        username: p.username,
        email: p.username ? `${p.username}@trialpath.example` : null,
        password_hash: p.username ? input.passwordHash : null,
        status: p.status,
        language: p.language,
        environment: p.env,
        first_name: NAMES[p.code]![0],
        last_name: NAMES[p.code]![1],
        // invited and imported ones were added by staff
        source: p.username ? 'WEB' : 'MANUAL',
      })),
    )
    .execute();
}
