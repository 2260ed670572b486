import {
  archiveStudyVersion,
  checkStudyVersionName,
  createStudyDraft,
  DRAFT_SECTION_ENDPOINTS,
  deleteStudyDraft,
  downloadIrbDocument,
  emailIrbDocument,
  generateIrbDocument,
  listIrbDocuments,
  exportTranslations,
  importTranslations,
  missingTranslationsReport,
  diffStudyVersions,
  type Endpoint,
  getStudyDraft,
  getStudyVersion,
  getVersionAssignments,
  listStudyVersions,
  makeStudyVersionLive,
  nextStudyVersion,
  publishStudyVersion,
  setVersionAssignment,
  studyVersionAuditLog,
  updateStudyVersionNotes,
} from '@trialpath/contract';
import { STUDY_CONTENT_SECTIONS, type SectionValue, type StudyContentSection } from '@trialpath/domain';
import { type RouteDef, route } from '../../http/context';
import { assignVersion, versionAssignments } from './versions-assignments.service';
import {
  archiveVersion,
  deleteDraft,
  makeVersionLive,
  nameAvailability,
  nextVersion,
  publishVersion,
  readVersion,
  setVersionNotes,
  versionAuditLog,
  versionDiff,
  versionHistory,
} from './versions-lifecycle.service';
import { createDraft, readDraft, updateDraftSection } from './versions.service';
import { downloadIrb, emailIrb, generateIrb, irbDocuments } from './versions-irb.service';
import { translationExport, translationImport, translationReport } from './versions-translations.service';

/**
 * One section's save. TypeScript cannot follow each section's own schema through a loop over all of
 * them, so the parts are typed here by hand; the plumbing validates the body and the answer against
 * the section's endpoint either way.
 */
function sectionRoute(section: StudyContentSection): RouteDef {
  const endpoint: Endpoint = DRAFT_SECTION_ENDPOINTS[section];
  return route(endpoint, (ctx) => {
    const params = ctx.params as { studyId: string; versionId: string };
    const body = ctx.body as { revision: number; value: SectionValue<StudyContentSection> };
    return updateDraftSection(ctx, { section, ...params, ...body });
  });
}

export const versionRoutes = [
  route(createStudyDraft, (ctx) => createDraft(ctx, { ...ctx.params, ...ctx.body })),
  route(getStudyDraft, (ctx) => readDraft(ctx, ctx.params)),
  route(listStudyVersions, (ctx) => versionHistory(ctx, ctx.params)),
  route(getStudyVersion, (ctx) => readVersion(ctx, ctx.params)),
  route(publishStudyVersion, (ctx) => publishVersion(ctx, ctx.params)),
  route(makeStudyVersionLive, (ctx) => makeVersionLive(ctx, ctx.params)),
  route(archiveStudyVersion, (ctx) => archiveVersion(ctx, ctx.params)),
  route(deleteStudyDraft, (ctx) => deleteDraft(ctx, ctx.params)),
  route(updateStudyVersionNotes, (ctx) => setVersionNotes(ctx, { ...ctx.params, ...ctx.body })),
  route(checkStudyVersionName, (ctx) => nameAvailability(ctx, { ...ctx.params, ...ctx.query })),
  route(nextStudyVersion, (ctx) => nextVersion(ctx, ctx.params)),
  route(diffStudyVersions, (ctx) => versionDiff(ctx, { ...ctx.params, ...ctx.query })),
  route(studyVersionAuditLog, (ctx) => versionAuditLog(ctx, { ...ctx.params, ...ctx.query })),
  route(getVersionAssignments, (ctx) => versionAssignments(ctx, ctx.params)),
  route(setVersionAssignment, (ctx) => assignVersion(ctx, { ...ctx.params, ...ctx.body })),
  // translations (C-172, C-174; decision 0035)
  route(missingTranslationsReport, (ctx) => translationReport(ctx, ctx.params)),
  route(exportTranslations, (ctx) => translationExport(ctx, { ...ctx.params, ...ctx.query })),
  route(importTranslations, (ctx) => translationImport(ctx, { ...ctx.params, ...ctx.body })),
  // IRB/EC documentation (C-100, C-101, C-102; decision 0035)
  route(listIrbDocuments, (ctx) => irbDocuments(ctx, ctx.params)),
  route(generateIrbDocument, (ctx) => generateIrb(ctx, { ...ctx.params, ...ctx.body })),
  route(downloadIrbDocument, (ctx) => downloadIrb(ctx, ctx.params)),
  route(emailIrbDocument, (ctx) => emailIrb(ctx, { ...ctx.params, ...ctx.body })),
  ...STUDY_CONTENT_SECTIONS.map(sectionRoute),
];
