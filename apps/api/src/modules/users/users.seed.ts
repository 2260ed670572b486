/**
 * The demo data set's staff: five active accounts (one password for all), an invited coordinator who
 * has not registered yet, and their study and site assignments.
 */
import type { DbCtx } from '../../kernel/context';
import type { UserRow } from './users.repository';

/** An invitation without a username, so the demo mailbox holds a #/register/{token} link to try. */
export const DEMO_INVITEE_EMAIL = 'new.coordinator@trialpath.example';

const STAFF = [
  { username: 'admin', first: 'Ada', last: 'Admin', role: 'SystemAdmin', email: 'admin@trialpath.example' },
  { username: 'studyadmin', first: 'Sam', last: 'Study', role: 'StudyAdmin', email: 'studyadmin@trialpath.example' },
  { username: 'pi.demo', first: 'Priya', last: 'Investigator', role: 'Pi', email: 'pi.demo@trialpath.example' },
  {
    username: 'crc.demo',
    first: 'Carlos',
    last: 'Coordinator',
    role: 'StudyCoordinator',
    email: 'crc.demo@trialpath.example',
  },
  { username: 'cra.demo', first: 'Clara', last: 'Monitor', role: 'Cra', email: 'cra.demo@trialpath.example' },
];

export interface StaffSeedInput {
  clientId: string;
  passwordHash: string;
  studies: { demo: string; sleep: string; sites: { boston: string; madrid: string; london: string } };
}

/** Writes the staff and their assignments; returns the invitee (whose invitation the caller sends). */
export async function seedStaff(ctx: DbCtx, input: StaffSeedInput): Promise<UserRow> {
  const { db } = ctx;
  const users = await db
    .insertInto('users')
    .values(
      STAFF.map((s) => ({
        client_id: input.clientId,
        username: s.username,
        email: s.email,
        first_name: s.first,
        last_name: s.last,
        phone_number: null,
        password_hash: input.passwordHash,
        status: 'ACTIVE' as const,
        platform_role: s.role,
        realm: null,
        data_access_type: 'BOTH',
        profile_completed: true,
      })),
    )
    .returning(['id', 'username'])
    .execute();
  const uid = (u: string) => users.find((x) => x.username === u)!.id;
  const invitee = await db
    .insertInto('users')
    .values({
      client_id: input.clientId,
      username: null,
      email: DEMO_INVITEE_EMAIL,
      first_name: 'Nora',
      last_name: 'Newcomer',
      phone_number: null,
      password_hash: null,
      status: 'INVITED',
      platform_role: 'StudyCoordinator',
      realm: null,
      data_access_type: 'BOTH',
      profile_completed: false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

  const { demo, sleep, sites } = input.studies;
  await db
    .insertInto('study_assignments')
    .values([
      { user_id: uid('studyadmin'), study_id: demo, role: 'StudyAdmin' },
      { user_id: uid('studyadmin'), study_id: sleep, role: 'StudyAdmin' },
      { user_id: uid('pi.demo'), study_id: demo, role: 'Pi' },
      { user_id: uid('crc.demo'), study_id: demo, role: 'StudyCoordinator' },
      { user_id: uid('cra.demo'), study_id: demo, role: 'Cra', read_only: true },
      { user_id: invitee.id, study_id: demo, role: 'StudyCoordinator' },
    ])
    .execute();
  await db
    .insertInto('site_assignments')
    .values([
      { user_id: uid('studyadmin'), site_id: sites.boston },
      { user_id: uid('studyadmin'), site_id: sites.madrid },
      { user_id: uid('studyadmin'), site_id: sites.london },
      { user_id: uid('pi.demo'), site_id: sites.boston },
      { user_id: uid('crc.demo'), site_id: sites.boston },
      { user_id: uid('cra.demo'), site_id: sites.boston },
      { user_id: uid('cra.demo'), site_id: sites.madrid },
      { user_id: invitee.id, site_id: sites.boston },
    ])
    .execute();
  return invitee;
}
