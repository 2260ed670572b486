/**
 * The signed-in participant's site, its address and contact (001 §1, §3, §7; D-039, D-047, D-072…D-074; decision
 * D-075). Reads only, not audited (as the participant's other reads). The session says who the participant is
 * and which site they belong to; a call naming another pid, study or site is refused (403, as push refuses
 * another participant's id), so a participant can never read another site's details through these.
 */
import type { ParticipantSite, SiteAddress } from '@trialpath/contract';
import { countryName } from '@trialpath/domain';
import type { ParticipantActor } from '../../kernel/actor';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { findPrincipalInvestigator, findStudySite, type StudySiteRow } from './participant-site.repository';

/** Refuses each id of the call that is not the session's own. */
function requireOwn(
  me: ParticipantActor,
  ids: { pid?: string; participantId?: string; studyId?: string; siteId?: string },
) {
  const own = { pid: me.participantId, participantId: me.participantId, studyId: me.studyId, siteId: me.siteId };
  for (const [field, value] of Object.entries(ids) as [keyof typeof own, string][])
    if (value !== own[field]) throw fieldProblem('FORBIDDEN', field, 'participantSite.notOwnRecord');
}

async function ownSite(ctx: ServiceCtx, me: ParticipantActor): Promise<StudySiteRow> {
  const row = await findStudySite(ctx.db, me.studyId, me.siteId);
  // The participant's site is a row of their study (a foreign key); its absence is a broken record, not a refusal.
  if (!row) throw fail('NOT_FOUND');
  return row;
}

/** D-047: the site address fields under the spec's names. */
function addressOf(ctx: ServiceCtx, row: StudySiteRow): SiteAddress {
  return {
    name: row.name,
    phoneNumber: row.contact_phone,
    siteEmail: row.contact_email,
    type: row.site_sub_type,
    address: row.address,
    city: row.city,
    state: row.state,
    country: countryName(row.country_id, ctx.request.language, row.country_name),
    zipcode: row.postal_code,
  };
}

/** D-072: the participant's site address, by their pid. */
export async function participantAddress(ctx: ServiceCtx, input: { pid: string }): Promise<SiteAddress> {
  const me = ctx.participant();
  requireOwn(me, input);
  return addressOf(ctx, await ownSite(ctx, me));
}

/** D-073: the site details, by pid and study: a list (the spec's shape) holding the participant's one site. */
export async function participantSiteDetails(
  ctx: ServiceCtx,
  input: { studyId: string; pid: string },
): Promise<{ data: ParticipantSite[] }> {
  const me = ctx.participant();
  requireOwn(me, input);
  const row = await ownSite(ctx, me);
  return {
    data: [
      {
        siteId: row.id,
        siteCode: row.site_code,
        countryId: row.country_id,
        contactName: row.contact_name,
        ...addressOf(ctx, row),
      },
    ],
  };
}

/**
 * D-074, D-075: the principal investigator of the participant's site, by name, and their phone as the account
 * holds it (the portal formats it). Both null when the site has no investigator; the phone alone null when
 * theirs is not on record: the portal then offers the site's phone instead.
 */
export async function investigatorPhone(ctx: ServiceCtx, input: { siteId: string; participantId: string }) {
  const me = ctx.participant();
  requireOwn(me, input);
  const pi = await findPrincipalInvestigator(ctx.db, me.studyId, me.siteId);
  if (!pi) return { name: null, phoneNumber: null };
  return {
    name: `${pi.first_name} ${pi.last_name}`.trim() || null,
    phoneNumber: pi.phone_number?.trim() || null,
  };
}
