/** What the telehealth tests share: extra staff at a site, and calendar dates. */
import { type Call, startTelehealthCall } from '@trialpath/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

/** An active staff account on the study, assigned to one site in a study role; answers its id. */
export async function addStaff(
  t: Pick<TestApp, 'db'>,
  input: { username: string; role: string; studyId: string; siteId: string; first?: string; last?: string },
): Promise<string> {
  const { client_id, password_hash } = await t.db
    .selectFrom('users')
    .select(['client_id', 'password_hash'])
    .where('username', '=', 'crc.demo')
    .executeTakeFirstOrThrow();
  const { id } = await t.db
    .insertInto('users')
    .values({
      client_id,
      username: input.username,
      email: `${input.username}@trialpath.example`,
      first_name: input.first ?? input.username.split('.')[0]!,
      last_name: input.last ?? input.username.split('.')[1] ?? 'Staff',
      phone_number: null,
      password_hash,
      status: 'ACTIVE',
      platform_role: input.role,
      realm: null,
      data_access_type: 'BOTH',
      profile_completed: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('study_assignments')
    .values({ user_id: id, study_id: input.studyId, role: input.role })
    .execute();
  await t.db.insertInto('site_assignments').values({ user_id: id, site_id: input.siteId }).execute();
  return id;
}

/** Today's date in a zone, 'YYYY-MM-DD'. */
export const todayIn = (timeZone: string, at = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);

/** A date `n` days after another, 'YYYY-MM-DD'. */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/**
 * The demo study as both telehealth test files start: its sites, a coordinator at Madrid (Marta Madrid), and the
 * ids and access tokens of the demo staff.
 */
export async function telehealthWorld(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp(overrides);
  const demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  const boston = await idOf(t.db, 'sites', { site_code: 'US-001' });
  const madrid = await idOf(t.db, 'sites', { site_code: 'ES-001' });
  const ids: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  ids['crc.madrid'] = await addStaff(t, {
    username: 'crc.madrid',
    role: 'StudyCoordinator',
    studyId: demo,
    siteId: madrid,
    first: 'Marta',
    last: 'Madrid',
  });
  for (const u of ['pi.demo', 'crc.demo', 'cra.demo', 'studyadmin'])
    ids[u] = await idOf(t.db, 'users', { username: u });
  for (const u of ['pi.demo', 'crc.demo', 'cra.demo', 'crc.madrid', 'studyadmin'])
    tokens[u] = (await staffAccess(t, u)).accessToken;
  return { t, demo, boston, madrid, ids, tokens };
}

/** An unscheduled call started by the holder of `token` with the participant, these colleagues invited. */
export async function startUnscheduledCall(
  app: FastifyInstance,
  input: { studyId: string; participantId: string; token: string; memberIds?: string[] },
) {
  const r = await call(app, startTelehealthCall, {
    params: { studyId: input.studyId, participantId: input.participantId },
    body: { appointmentId: null, memberIds: input.memberIds ?? [] },
    token: input.token,
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json as { call: Call; videoToken: string };
}
