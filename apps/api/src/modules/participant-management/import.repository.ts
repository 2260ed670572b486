/**
 * The SQL of the participant import (E-076; decision E-participant-records): a whole file's duplicates in one
 * statement, the highest number at a site in one, and the participants in a few multi-row inserts.
 */
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Environment, ParticipantsTable } from '../../db/schema';

export interface ImportProbe {
  studyId: string;
  env: Environment;
  /** Lower-cased participant ids, e-mail addresses; phone numbers as stored (digits). */
  codes: readonly string[];
  emails: readonly string[];
  mobiles: readonly string[];
}

/**
 * The data space's participants whose id or e-mail (any case) or phone number is one of the file's: one statement
 * for the whole file (the indexes on lower(participant_code), lower(email) and mobile serve it).
 */
export function findImportDuplicates(db: Db, probe: ImportProbe) {
  return db
    .selectFrom('participants')
    .select(['participant_code', 'email', 'mobile', 'mobile_country_code'])
    .where('study_id', '=', probe.studyId)
    .where('environment', '=', probe.env)
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['participant_code']), '=', sql<string>`any(${[...probe.codes]}::text[])`),
        eb(eb.fn('lower', ['email']), '=', sql<string>`any(${[...probe.emails]}::text[])`),
        eb('mobile', '=', sql<string>`any(${[...probe.mobiles]}::text[])`),
      ]),
    )
    .execute();
}

/**
 * The highest number of the participant codes starting with `stem` (`DEMO-US001-`, any case) in a data space; 0
 * when there is none. The caller holds the site's numbering lock.
 */
export async function highestNumberAtSite(db: Db, studyId: string, env: Environment, stem: string) {
  const prefix = `${stem.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const row = await db
    .selectFrom('participants')
    .select(sql<string | null>`max((regexp_match(participant_code, '-([0-9]{4,})$'))[1]::numeric)::text`.as('n'))
    .where('study_id', '=', studyId)
    .where('environment', '=', env)
    .where(sql<boolean>`lower(participant_code) like ${prefix}`)
    .executeTakeFirst();
  return row?.n ? Number(row.n) : 0;
}

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters of one statement. */
const INSERT_CHUNK = 1000;

/** The participants, in chunks, in the caller's transaction: each one's id and code, in the rows' order. */
export async function insertParticipants(db: Db, rows: readonly Insertable<ParticipantsTable>[]) {
  const out: { id: string; participant_code: string }[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    const inserted = await db.insertInto('participants').values(chunk).returning(['id', 'participant_code']).execute();
    // RETURNING need not follow the VALUES order: codes are unique, so each row is found by its code
    const idOf = new Map(inserted.map((r) => [r.participant_code, r.id]));
    for (const r of chunk) out.push({ id: idOf.get(r.participant_code)!, participant_code: r.participant_code });
  }
  return out;
}
