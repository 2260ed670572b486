/** All SQL of participant documents and e-signature (migration 202612070400_participant_documents.sql). */
import type { Expression, Insertable, SqlBool, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { Environment } from '../../db/schema';
import type {
  DocumentStatusColumn,
  ParticipantDocumentEventsTable,
  ParticipantDocumentSignaturesTable,
  ParticipantDocumentsTable,
} from '../../db/schema/participant-documents';

/** A document with what every answer shows of it: the participant, who sent and invalidated it, its successor. */
function documentRows(db: Db) {
  return db
    .selectFrom('participant_documents as d')
    .innerJoin('participants as p', 'p.id', 'd.participant_id')
    .innerJoin('sites as s', 's.id', 'p.site_id')
    .innerJoin('users as u', 'u.id', 'd.sent_by')
    .leftJoin('users as iu', 'iu.id', 'd.invalidated_by')
    .selectAll('d')
    .select([
      'p.participant_code',
      'p.first_name',
      'p.last_name',
      'p.site_id',
      'u.first_name as sender_first_name',
      'u.last_name as sender_last_name',
      'u.username as sender_username',
      'iu.first_name as invalidator_first_name',
      'iu.last_name as invalidator_last_name',
      'iu.username as invalidator_username',
      (eb) =>
        eb
          .selectFrom('participant_documents as n')
          .select('n.id')
          .whereRef('n.invalidated_document_id', '=', 'd.id')
          .limit(1)
          .as('replaced_by_id'),
    ]);
}
export type DocumentRow = Awaited<ReturnType<ReturnType<typeof documentRows>['executeTakeFirstOrThrow']>>;

export function documentById(db: Db, id: string) {
  return documentRows(db).where('d.id', '=', id).executeTakeFirst();
}

/** The documents the visibility predicate (on aliases p and s) lets through, of one participant or the study. */
export function visibleDocuments(
  db: Db,
  visible: Expression<SqlBool>,
  filter: {
    participantId?: string;
    studyDocumentId?: string;
    status?: DocumentStatusColumn | 'INVALIDATED' | null;
    page?: { offset: number; limit: number };
  },
) {
  let q = documentRows(db).where(visible);
  if (filter.participantId) q = q.where('d.participant_id', '=', filter.participantId);
  if (filter.studyDocumentId) q = q.where('d.study_document_id', '=', filter.studyDocumentId);
  if (filter.status === 'INVALIDATED') q = q.where('d.is_invalidate', '=', true);
  else if (filter.status) q = q.where('d.status', '=', filter.status).where('d.is_invalidate', '=', false);
  q = q.orderBy('d.created_at', 'desc').orderBy('d.id');
  if (filter.page) q = q.offset(filter.page.offset).limit(filter.page.limit);
  return q.execute();
}

export async function countVisibleDocuments(
  db: Db,
  visible: Expression<SqlBool>,
  status: DocumentStatusColumn | 'INVALIDATED' | null,
) {
  let q = db
    .selectFrom('participant_documents as d')
    .innerJoin('participants as p', 'p.id', 'd.participant_id')
    .innerJoin('sites as s', 's.id', 'p.site_id')
    .where(visible);
  if (status === 'INVALIDATED') q = q.where('d.is_invalidate', '=', true);
  else if (status) q = q.where('d.status', '=', status).where('d.is_invalidate', '=', false);
  const r = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** One participant's documents in the participant portal (not invalidated), newest first. */
export function documentsOfParticipant(db: Db, participantId: string) {
  return documentRows(db)
    .where('d.participant_id', '=', participantId)
    .where('d.is_invalidate', '=', false)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id')
    .execute();
}

/** The document's row locked until the transaction ends: two writes on one document take turns. */
export function lockDocument(db: Db, id: string) {
  return db.selectFrom('participant_documents').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
}

export function insertDocument(db: Db, row: Insertable<ParticipantDocumentsTable>) {
  return db.insertInto('participant_documents').values(row).returning('id').executeTakeFirstOrThrow();
}

export async function updateDocument(db: Db, id: string, set: Updateable<ParticipantDocumentsTable>) {
  await db
    .updateTable('participant_documents')
    .set({ ...set, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** A copy of this study document the participant holds that is not invalidated, if any. */
export function liveCopy(db: Db, participantId: string, studyDocumentId: string) {
  return db
    .selectFrom('participant_documents')
    .select('id')
    .where('participant_id', '=', participantId)
    .where('study_document_id', '=', studyDocumentId)
    .where('is_invalidate', '=', false)
    .executeTakeFirst();
}

export function signaturesOf(db: Db, documentIds: readonly string[]) {
  if (documentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('participant_document_signatures')
    .selectAll()
    .where('document_id', 'in', documentIds)
    .orderBy('signed_at')
    .execute();
}
export type SignatureRow = Awaited<ReturnType<typeof signaturesOf>>[number];

/** Stores a signature once per document and role (the unique index decides between two racing requests). */
export function insertSignature(db: Db, row: Insertable<ParticipantDocumentSignaturesTable>) {
  return db
    .insertInto('participant_document_signatures')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function signatureByRequest(db: Db, requestId: string) {
  return db
    .selectFrom('participant_document_signatures')
    .select('id')
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

export async function insertEvent(db: Db, row: Insertable<ParticipantDocumentEventsTable>) {
  await db.insertInto('participant_document_events').values(row).execute();
}

/** The history of these documents (a document and the ones it replaces), oldest first, with who did each step. */
export function eventsOf(db: Db, documentIds: readonly string[]) {
  return db
    .selectFrom('participant_document_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('participants as p', 'p.id', 'e.participant_id')
    .select([
      'e.id',
      'e.document_id',
      'e.event',
      'e.status',
      'e.at',
      'e.note',
      'u.first_name',
      'u.last_name',
      'u.username',
      'p.participant_code',
    ])
    .where('e.document_id', 'in', documentIds)
    .orderBy('e.seq')
    .execute();
}

/** Every participant of a site in a data space (a site-wide send reaches each of them). */
export function participantsOfSite(db: Db, studyId: string, siteId: string, environment: Environment) {
  return db
    .selectFrom('participants')
    .select(['id', 'participant_code'])
    .where('study_id', '=', studyId)
    .where('site_id', '=', siteId)
    .where('environment', '=', environment)
    .orderBy('participant_code')
    .execute();
}

export function siteSettings(db: Db, studyId: string) {
  return db
    .selectFrom('participant_document_site_settings')
    .select(['site_id', 'pi_signature_required'])
    .where('study_id', '=', studyId)
    .execute();
}

export async function piRequiredAt(db: Db, studyId: string, siteId: string) {
  const r = await db
    .selectFrom('participant_document_site_settings')
    .select('pi_signature_required')
    .where('study_id', '=', studyId)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return r?.pi_signature_required ?? false;
}

export async function saveSiteSetting(db: Db, row: { studyId: string; siteId: string; required: boolean; by: string }) {
  await db
    .insertInto('participant_document_site_settings')
    .values({
      study_id: row.studyId,
      site_id: row.siteId,
      pi_signature_required: row.required,
      updated_by: row.by,
    })
    .onConflict((oc) =>
      oc.columns(['study_id', 'site_id']).doUpdateSet({
        pi_signature_required: row.required,
        updated_by: row.by,
        updated_at: new Date(),
      }),
    )
    .execute();
}

/** The study's sites (name, code, sub-type for the row check). */
export function studySites(db: Db, studyId: string) {
  return db
    .selectFrom('sites')
    .select(['id', 'name', 'site_code', 'site_sub_type'])
    .where('study_id', '=', studyId)
    .orderBy('name')
    .execute();
}
