/** Signed consents (migration 202612020500_consent_signatures.sql): all of their SQL. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { Environment } from '../../db/schema';
import type { ConsentSignaturesTable } from '../../db/schema/consent';

export type ConsentSignatureRow = Selectable<ConsentSignaturesTable>;

/** Every signature of one participant, newest first. */
export function signaturesOfParticipant(db: Db, participantId: string): Promise<ConsentSignatureRow[]> {
  return db
    .selectFrom('consent_signatures')
    .selectAll()
    .where('participant_id', '=', participantId)
    .orderBy('signed_at', 'desc')
    .execute();
}

/** Every signature made in a study's data space, newest first (what a re-consent overview needs of each). */
export function signaturesOfStudy(db: Db, studyId: string, environment: Environment) {
  return db
    .selectFrom('consent_signatures')
    .select(['participant_id', 'consent_id', 'version_id', 'content_hash', 'signed_at'])
    .where('study_id', '=', studyId)
    .where('environment', '=', environment)
    .orderBy('signed_at', 'desc')
    .execute();
}

/** What deciding whether a consent is signed needs of each signature of these participants, newest first. */
export function signatureFactsOfParticipants(db: Db, participantIds: readonly string[]) {
  if (participantIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('consent_signatures')
    .select(['participant_id', 'consent_id', 'version_id', 'content_hash'])
    .where('participant_id', 'in', participantIds)
    .orderBy('signed_at', 'desc')
    .execute();
}

export function signatureById(db: Db, id: string, opts: { lock?: boolean } = {}) {
  let q = db.selectFrom('consent_signatures').selectAll().where('id', '=', id);
  if (opts.lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function signatureByRequest(db: Db, requestId: string) {
  return db.selectFrom('consent_signatures').select('id').where('request_id', '=', requestId).executeTakeFirst();
}

/**
 * Stores a signature once: the same request or a second signature of the same consent in the same version
 * answers undefined (the unique indexes decide, also between two requests racing).
 */
export function insertSignature(db: Db, row: Insertable<ConsentSignaturesTable>) {
  return db
    .insertInto('consent_signatures')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function setSignaturePdf(db: Db, id: string, pdfFileId: string) {
  return db
    .updateTable('consent_signatures')
    .set({ pdf_file_id: pdfFileId })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function setCountersignature(
  db: Db,
  id: string,
  v: { by: string; name: string; meaning: string; at: Date },
): Promise<ConsentSignatureRow> {
  return db
    .updateTable('consent_signatures')
    .set({ countersigned_at: v.at, countersigned_by: v.by, countersigner_name: v.name, countersign_meaning: v.meaning })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
