/** All SQL on users, their profile images, and their study and site assignments. */
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/database';
import type { UserProfileImagesTable, UsersTable } from '../../db/schema';
import type { StaffAssignment } from '../../kernel/actor';

export type UserRow = Selectable<UsersTable>;

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** `username` must already be normalised (lowercase). */
export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export function findUserByUsernameOrEmail(db: Db, value: string): Promise<UserRow | undefined> {
  const v = value.trim().toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('username', '=', v), eb(eb.fn('lower', ['email']), '=', v)]))
    .orderBy('created_at')
    .executeTakeFirst();
}

/** Lock the row for the rest of the transaction (sign-in counters must not race). */
export function findUserForUpdate(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertUser(db: Db, values: Insertable<UsersTable>): Promise<UserRow> {
  return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Db, id: string, values: Updateable<UsersTable>): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function bumpTokenVersion(db: Db, id: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: new Date() }))
    .where('id', '=', id)
    .execute();
}

export type UserWithAssignments = UserRow & { assignments: StaffAssignment[] };

/**
 * The user with every study assignment and its assigned sites, in one query: what each staff request
 * needs to authenticate and to check access (the guard runs it once per request).
 */
export async function findUserWithAssignments(db: Db, id: string): Promise<UserWithAssignments | undefined> {
  const row = await db
    .selectFrom('users as u')
    .selectAll('u')
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom('study_assignments as sa')
          .select((sub) => [
            'sa.study_id',
            'sa.role',
            'sa.read_only',
            jsonArrayFrom(
              sub
                .selectFrom('site_assignments as a')
                .innerJoin('sites as s', 's.id', 'a.site_id')
                .select(['s.id', 'a.blinded'])
                .whereRef('a.user_id', '=', 'sa.user_id')
                .whereRef('s.study_id', '=', 'sa.study_id')
                .where('a.active', '=', true)
                .orderBy('s.site_code'),
            ).as('sites'),
          ])
          .whereRef('sa.user_id', '=', 'u.id')
          .where('sa.active', '=', true)
          .orderBy('sa.created_at'),
      ).as('assignments'),
    )
    .where('u.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { assignments, ...user } = row;
  return {
    ...(user as UserRow),
    assignments: assignments.map((a) => ({
      studyId: a.study_id,
      role: a.role,
      readOnly: a.read_only,
      assignedSiteIds: a.sites.map((x) => x.id),
      unblindedSiteIds: a.sites.filter((x) => !x.blinded).map((x) => x.id),
    })),
  };
}

/** The user's study assignments, each with the ids of the sites assigned in that study. */
export async function listAssignments(db: Db, userId: string, studyId?: string): Promise<StaffAssignment[]> {
  let q = db
    .selectFrom('study_assignments as sa')
    .select(['sa.study_id', 'sa.role', 'sa.read_only'])
    .where('sa.user_id', '=', userId)
    .where('sa.active', '=', true);
  if (studyId) q = q.where('sa.study_id', '=', studyId);
  const studies = await q.orderBy('sa.created_at').execute();
  if (studies.length === 0) return [];
  const sites = await db
    .selectFrom('site_assignments as a')
    .innerJoin('sites as s', 's.id', 'a.site_id')
    .select(['s.study_id', 's.id'])
    .where('a.user_id', '=', userId)
    .where('a.active', '=', true)
    .where(
      's.study_id',
      'in',
      studies.map((s) => s.study_id),
    )
    .orderBy('s.site_code')
    .execute();
  return studies.map((s) => ({
    studyId: s.study_id,
    role: s.role,
    readOnly: s.read_only,
    assignedSiteIds: sites.filter((x) => x.study_id === s.study_id).map((x) => x.id),
  }));
}

/** Active accounts with this e-mail address (case-insensitive) that have a username. */
export function listActiveUsersByEmail(db: Db, email: string): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .where('status', '=', 'ACTIVE')
    .where('username', 'is not', null)
    .orderBy('username')
    .execute();
}

/** Staff accounts of a client with this e-mail address (case-insensitive; users_email_idx), any status. */
export function listClientUsersByEmail(db: Db, clientId: string, email: string): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('client_id', '=', clientId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .execute();
}

/** The e-mail domain most users have (decoy destinations look like real ones). */
export async function mostCommonEmailDomain(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select((eb) => [sql<string>`lower(split_part(email, '@', 2))`.as('domain'), eb.fn.countAll<number>().as('n')])
    .groupBy(sql`lower(split_part(email, '@', 2))`)
    .orderBy('n', 'desc')
    .orderBy('domain')
    .limit(1)
    .executeTakeFirst();
  return row?.domain || null;
}

export type ProfileImageRow = Selectable<UserProfileImagesTable>;

export function findProfileImage(db: Db, userId: string): Promise<ProfileImageRow | undefined> {
  return db.selectFrom('user_profile_images').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function findProfileImageMeta(db: Db, userId: string) {
  return db
    .selectFrom('user_profile_images')
    .select(['content_type', 'byte_size', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function upsertProfileImage(
  db: Db,
  values: { userId: string; contentType: string; data: Uint8Array },
): Promise<void> {
  const now = new Date();
  await db
    .insertInto('user_profile_images')
    .values({
      user_id: values.userId,
      content_type: values.contentType,
      byte_size: values.data.byteLength,
      data: values.data,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        content_type: values.contentType,
        byte_size: values.data.byteLength,
        data: values.data,
        updated_at: now,
      }),
    )
    .execute();
}

/** First and last names of users, by id (who created or published a study version, …). */
export function listUserNames(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'first_name', 'last_name', 'username']).where('id', 'in', ids).execute();
}
