/**
 * Participant documents per site (E-096, E-099, E-100; decision E-participant-documents): a study document sent to
 * every participant of a site at once, the participants a study document went to, and the site's configuration of
 * the investigator's signature after the participant's.
 */
import { requireStudy, visibleSites } from '../access/access.service';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { requireParticipantManager } from '../participants/participant-access.service';
import { requireSiteManager } from '../sites/sites.service';
import { conflict } from './participant-documents.core';
import {
  liveCopy,
  participantsOfSite,
  saveSiteSetting,
  siteSettings,
  studySites,
  visibleDocuments,
} from './participant-documents.repository';
import { sendableStudyDocument, sendTo, viewerOf, viewsOf } from './participant-documents.service';
import { participantsVisibleTo } from '../access/access.service';

/** A site of the study the caller sees (403 for one they do not; 400 for one not of the study). */
async function seenSite(ctx: ServiceCtx, access: Awaited<ReturnType<typeof requireStudy>>, siteId: string) {
  const sites = await studySites(ctx.db, access.studyId);
  const site = sites.find((s) => s.id === siteId);
  if (!site) throw fieldProblem('VALIDATION_FAILED', 'siteId', 'participantDocuments.siteNotInStudy');
  if (!visibleSites(ctx, access, [site]).length) throw fail('FORBIDDEN');
  return site;
}

/** E-099: the document sent to each participant of the site in this data space who has no copy of it yet. */
export async function sendToSite(
  ctx: ServiceCtx,
  input: { studyId: string; siteId: string; studyDocumentId: string; requestSignature: boolean },
) {
  const access = await requireParticipantManager(ctx, input.studyId);
  const site = await seenSite(ctx, access, input.siteId);
  const doc = await sendableStudyDocument(ctx, input.studyId, site.id, input.studyDocumentId);
  if (doc.isSelectedForParticipantsOnly && !doc.activateForMoreParticipants)
    throw conflict('participantDocuments.selectedOnly');
  let sent = 0;
  let alreadyHad = 0;
  for (const p of await participantsOfSite(ctx.db, input.studyId, site.id, ctx.env)) {
    if (await liveCopy(ctx.db, p.id, doc.documentId)) {
      alreadyHad++;
      continue;
    }
    await sendTo(ctx, { id: p.id, study_id: input.studyId, site_id: site.id, environment: ctx.env }, doc, {
      requestSignature: input.requestSignature,
    });
    sent++;
  }
  return { sent, alreadyHad };
}

/** E-100: the participants (the caller sees) a study document was sent to, with their copies' status. */
export async function participantsByDocument(ctx: ServiceCtx, input: { studyId: string; documentId: string }) {
  const access = await requireStudy(ctx, input.studyId);
  const rows = await visibleDocuments(ctx.db, participantsVisibleTo(ctx, access, { participant: 'p', site: 's' }), {
    studyDocumentId: input.documentId,
  });
  return { items: await viewsOf(ctx, viewerOf(ctx, access), rows) };
}

/** Per site the caller sees: whether the investigator signs after the participant. */
export async function piSignatureSettings(ctx: ServiceCtx, input: { studyId: string }) {
  const access = await requireStudy(ctx, input.studyId);
  const [sites, settings] = await Promise.all([studySites(ctx.db, input.studyId), siteSettings(ctx.db, input.studyId)]);
  return {
    items: visibleSites(ctx, access, sites).map((s) => ({
      siteId: s.id,
      siteName: s.name,
      siteCode: s.site_code,
      piSignatureRequired: settings.find((x) => x.site_id === s.id)?.pi_signature_required ?? false,
    })),
  };
}

/** E-096: documents sent to the site from now on are signed by the investigator after the participant (or not). */
export async function configurePiSignature(
  ctx: ServiceCtx,
  input: { studyId: string; siteId: string; piSignatureRequired: boolean },
) {
  const access = await requireSiteManager(ctx, input.studyId);
  const site = await seenSite(ctx, access, input.siteId);
  const before = (await siteSettings(ctx.db, input.studyId)).find((x) => x.site_id === site.id);
  await saveSiteSetting(ctx.db, {
    studyId: input.studyId,
    siteId: site.id,
    required: input.piSignatureRequired,
    by: ctx.staff().userId,
  });
  ctx.audit({
    action: 'participant.document.settings',
    entityType: 'site',
    entityId: site.id,
    before: { piSignatureRequired: before?.pi_signature_required ?? false },
    after: { piSignatureRequired: input.piSignatureRequired },
  });
  return {
    siteId: site.id,
    siteName: site.name,
    siteCode: site.site_code,
    piSignatureRequired: input.piSignatureRequired,
  };
}
