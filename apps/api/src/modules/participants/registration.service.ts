/**
 * Participant rows for portal registration (decisions D-055…D-058), for the enrolment module: whether a
 * username or e-mail address is free in a study, the site an open-enrolment participant joins (decision
 * D-053), the new participant with the next code at that site, an invited participant's
 * completed registration. The rules of registration itself live in the enrolment module.
 */
import { participantCodeOf, participantNumberOf } from '@trialpath/domain';
import type { Updateable } from 'kysely';
import type { Environment, ParticipantsTable } from '../../db/schema';
import type { DbCtx } from '../../kernel/context';
import { findParticipantForUpdate, type ParticipantRow, updateParticipant } from './participants.repository';
import {
  codesAtSite,
  enrollingSites,
  findOthersWithEmail,
  findParticipantWithUsername,
  findSiteOf,
  insertParticipant,
  lockKey,
} from './registration.repository';

/** Whether any participant of the study (either data space) has this username, whatever its case. */
export async function isUsernameTaken(ctx: DbCtx, studyId: string, username: string): Promise<boolean> {
  return (await findParticipantWithUsername(ctx.db, studyId, username)) !== undefined;
}

/**
 * Whether another participant of the study's data space has this e-mail address. The check and the write
 * that follows it are serialised per study and address, so two registrations cannot both pass it.
 */
export async function isEmailTaken(
  ctx: DbCtx,
  input: { studyId: string; env: Environment; email: string; except: string | null },
): Promise<boolean> {
  await lockKey(ctx.db, `participant-email:${input.studyId}:${input.env}:${input.email.trim().toLowerCase()}`);
  return (await findOthersWithEmail(ctx.db, input.studyId, input.env, input.email, input.except)).length > 0;
}

/**
 * The site an open-enrolment participant joins: of the study's sites in the participant's country that take
 * participants in this data space, the one with the fewest participants (then the lowest site code).
 */
export async function enrolmentSite(ctx: DbCtx, input: { studyId: string; env: Environment; countryId: string }) {
  const [site] = await enrollingSites(ctx.db, input.studyId, input.env, input.countryId);
  return site ? { id: site.id, siteCode: site.site_code, countryId: site.country_id } : null;
}

/** A site of the study (an invited participant's): its code and country. */
export async function siteOfParticipant(ctx: DbCtx, studyId: string, siteId: string) {
  const site = await findSiteOf(ctx.db, studyId, siteId);
  return site ? { id: site.id, siteCode: site.site_code, countryId: site.country_id } : null;
}

export type NewParticipant = Omit<
  Parameters<typeof insertParticipant>[1],
  'participant_code' | 'study_id' | 'site_id' | 'environment'
>;

/**
 * A new participant at a site with the next code there (`DEMO-US001-0007`; `TEST-…` in the test data space).
 * Numbering is serialised per site and data space, so two registrations never take the same number.
 */
export async function createParticipantAtSite(
  ctx: DbCtx,
  input: {
    studyId: string;
    studyCode: string;
    env: Environment;
    site: { id: string; siteCode: string };
    values: NewParticipant;
  },
): Promise<ParticipantRow> {
  const prefix = input.env === 'TEST' ? 'TEST' : input.studyCode;
  const stem = participantCodeOf(prefix, input.site.siteCode, 0).replace(/0+$/, '');
  await lockKey(ctx.db, `participant-code:${input.studyId}:${input.env}:${stem}`);
  const numbers = (await codesAtSite(ctx.db, input.studyId, input.env, stem)).map((c) => participantNumberOf(c) ?? 0);
  const next = Math.max(0, ...numbers) + 1;
  return insertParticipant(ctx.db, {
    ...input.values,
    study_id: input.studyId,
    site_id: input.site.id,
    environment: input.env,
    participant_code: participantCodeOf(prefix, input.site.siteCode, next),
  });
}

/** A participant row as given (participant management adds participants with a code typed by staff). */
export const insertParticipantRow = (ctx: DbCtx, row: Parameters<typeof insertParticipant>[1]) =>
  insertParticipant(ctx.db, row);

/** Serialises the rest of the transaction with any other holding this key (a check and the write it allows). */
export const serialise = (ctx: DbCtx, key: string) => lockKey(ctx.db, key);

/** The participant, locked for the rest of the transaction (registration and verification must not race). */
export const lockRegistrant = (ctx: DbCtx, id: string) => findParticipantForUpdate(ctx.db, id);

export const changeRegistrant = (ctx: DbCtx, id: string, values: Updateable<ParticipantsTable>) =>
  updateParticipant(ctx.db, id, values);
