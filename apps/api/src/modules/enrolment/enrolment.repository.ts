/**
 * All SQL of the enrolment area (decisions D-055…D-058, D-097): screening attempts of open enrolment and the
 * account-verification codes and links sent after registration.
 */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { ParticipantScreeningsTable, ParticipantVerificationsTable } from '../../db/schema';

export function insertScreening(db: Db, row: Insertable<ParticipantScreeningsTable>) {
  return db.insertInto('participant_screenings').values(row).returningAll().executeTakeFirstOrThrow();
}

/** A screening, locked until the transaction ends (a registration uses it once). */
export function findScreeningForUpdate(db: Db, id: string) {
  return db.selectFrom('participant_screenings').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function markScreeningUsed(db: Db, id: string, participantId: string) {
  return db
    .updateTable('participant_screenings')
    .set({ used_at: new Date(), participant_id: participantId })
    .where('id', '=', id)
    .execute();
}

export function insertVerification(db: Db, row: Insertable<ParticipantVerificationsTable>) {
  return db.insertInto('participant_verifications').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Ends a participant's open codes (a new one replaces them). */
export function closeOpenVerifications(db: Db, participantId: string) {
  return db
    .updateTable('participant_verifications')
    .set({ consumed_at: new Date() })
    .where('participant_id', '=', participantId)
    .where('consumed_at', 'is', null)
    .execute();
}

/** The participant's newest code, locked (wrong attempts are counted on it). */
export function latestVerificationForUpdate(db: Db, participantId: string) {
  return db
    .selectFrom('participant_verifications')
    .selectAll()
    .where('participant_id', '=', participantId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

/** The verification a link token belongs to (any state), locked. */
export function verificationByLinkForUpdate(db: Db, linkTokenHash: string) {
  return db
    .selectFrom('participant_verifications')
    .selectAll()
    .where('link_token_hash', '=', linkTokenHash)
    .forUpdate()
    .executeTakeFirst();
}

/** The same, for a look that changes nothing. */
export function verificationByLink(db: Db, linkTokenHash: string) {
  return db
    .selectFrom('participant_verifications')
    .selectAll()
    .where('link_token_hash', '=', linkTokenHash)
    .executeTakeFirst();
}

export function updateVerification(db: Db, id: string, values: { attempts?: number; consumedAt?: Date }) {
  return db
    .updateTable('participant_verifications')
    .set({
      ...(values.attempts !== undefined && { attempts: values.attempts }),
      ...(values.consumedAt !== undefined && { consumed_at: values.consumedAt }),
    })
    .where('id', '=', id)
    .execute();
}

/** How many codes were sent to a participant since a moment (the resend cap). */
export async function countVerificationsSince(db: Db, participantId: string, since: Date): Promise<number> {
  const r = await db
    .selectFrom('participant_verifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('participant_id', '=', participantId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
