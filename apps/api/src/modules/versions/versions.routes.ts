import { createStudyDraft, DRAFT_SECTION_ENDPOINTS, type Endpoint, getStudyDraft } from '@trialpath/contract';
import { STUDY_CONTENT_SECTIONS, type SectionValue, type StudyContentSection } from '@trialpath/domain';
import { type RouteDef, route } from '../../http/context';
import { createDraft, readDraft, updateDraftSection } from './versions.service';

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
  ...STUDY_CONTENT_SECTIONS.map(sectionRoute),
];
