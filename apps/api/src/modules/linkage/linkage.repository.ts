/** All SQL of the linkage area (linkage_settings, linkage_tokens; decision H-linkage-tokens). */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { Environment } from '../../db/schema';
import type { LinkageSettingsTable, LinkageTokensTable } from '../../db/schema/linkage';

export type LinkageSettingsRow = Selectable<LinkageSettingsTable>;
export type LinkageTokenRow = Selectable<LinkageTokensTable>;

export function findLinkageSettings(
  db: Db,
  studyId: string,
  env: Environment,
  lock = false,
): Promise<LinkageSettingsRow | undefined> {
  const q = db
    .selectFrom('linkage_settings')
    .selectAll()
    .where('study_id', '=', studyId)
    .where('environment', '=', env);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

/** The settings row as given (made or replaced whole). */
export function saveLinkageSettings(db: Db, row: Insertable<LinkageSettingsTable>): Promise<LinkageSettingsRow> {
  return db
    .insertInto('linkage_settings')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['study_id', 'environment']).doUpdateSet({
        enabled: row.enabled,
        dataset_name: row.dataset_name,
        token_types: row.token_types,
        key_sealed: row.key_sealed,
        key_created_at: row.key_created_at,
        updated_by: row.updated_by,
        updated_at: row.updated_at,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The identifiers of every participant of the study's data space (the tokens are made from them). */
export function participantIdentifiers(db: Db, studyId: string, env: Environment) {
  return db
    .selectFrom('participants')
    .select(['id', 'first_name', 'last_name', 'date_of_birth', 'gender', 'zipcode'])
    .where('study_id', '=', studyId)
    .where('environment', '=', env)
    .execute();
}

export function storedTokens(db: Db, studyId: string, env: Environment) {
  return db
    .selectFrom('linkage_tokens')
    .select(['participant_id', 'token_type', 'token'])
    .where('study_id', '=', studyId)
    .where('environment', '=', env)
    .execute();
}

const CHUNK = 1000;

/** Insert or replace tokens (made now). */
export async function putTokens(db: Db, rows: Insertable<LinkageTokensTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('linkage_tokens')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc.columns(['participant_id', 'token_type']).doUpdateSet((eb) => ({
          token: eb.ref('excluded.token'),
          made_at: eb.ref('excluded.made_at'),
        })),
      )
      .execute();
  }
}

export async function removeTokens(db: Db, keys: { participantId: string; type: string }[]): Promise<void> {
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = keys.slice(i, i + CHUNK);
    await db
      .deleteFrom('linkage_tokens')
      .where((eb) =>
        eb.or(chunk.map((k) => eb.and([eb('participant_id', '=', k.participantId), eb('token_type', '=', k.type)]))),
      )
      .execute();
  }
}

export async function removeStudyTokens(db: Db, studyId: string, env: Environment): Promise<number> {
  const r = await db
    .deleteFrom('linkage_tokens')
    .where('study_id', '=', studyId)
    .where('environment', '=', env)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Participants of these sites, by code, one page (or all when limit is null), with their site and the total. */
export async function participantPage(
  db: Db,
  input: { studyId: string; env: Environment; siteIds: readonly string[]; offset: number; limit: number | null },
) {
  if (input.siteIds.length === 0) return { total: 0, rows: [] };
  const base = db
    .selectFrom('participants as p')
    .innerJoin('sites as s', 's.id', 'p.site_id')
    .where('p.study_id', '=', input.studyId)
    .where('p.environment', '=', input.env)
    .where('p.site_id', 'in', [...input.siteIds]);
  const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  let q = base
    .select(['p.id', 'p.participant_code', 'p.site_id', 's.site_code', 's.name as site_name'])
    .select(['p.first_name', 'p.last_name', 'p.date_of_birth', 'p.gender', 'p.zipcode'])
    .orderBy('p.participant_code')
    .orderBy('p.id')
    .offset(input.offset);
  if (input.limit !== null) q = q.limit(input.limit);
  return { total: Number(n), rows: await q.execute() };
}

export function tokensOf(db: Db, participantIds: readonly string[]): Promise<LinkageTokenRow[]> {
  if (participantIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('linkage_tokens')
    .selectAll()
    .where('participant_id', 'in', [...participantIds])
    .execute();
}

/** The study's sites (the caller's view is narrowed by the access module). */
export function studySites(db: Db, studyId: string) {
  return db
    .selectFrom('sites')
    .select(['id', 'site_sub_type', 'site_code', 'name'])
    .where('study_id', '=', studyId)
    .execute();
}
