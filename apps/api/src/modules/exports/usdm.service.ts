/**
 * A study version's design as CDISC USDM 4.0 (issue 10, decision 0044): the study's identity, the version's
 * sites, eligibility, the activities at the revisions the version pins, and its schedule plan, mapped by the
 * domain's `toUsdm` (the mapping and its validation against the standard's schema live there).
 */
import { randomUUID } from 'node:crypto';
import {
  type Activity,
  defaultStudyContent,
  eligibilityForExport,
  fromUsdm,
  messageRef,
  type StudyDesignExport,
  studyContentSectionSchema,
  toUsdm,
} from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { requireStudyBuilder } from '../access/access.service';
import { insertActivityIntoNewStudy, revisionDefinitions } from '../activities/activities.service';
import {
  createStudyWithContent,
  languageList,
  studyRecord,
  supportedCountries,
} from '../study-build/study-build.service';
import { versionForExport } from '../versions/versions.service';

export async function exportUsdm(ctx: ServiceCtx, input: { studyId: string; versionId: string }) {
  await requireStudyBuilder(ctx, input.studyId);
  const record = await studyRecord(ctx, { studyId: input.studyId });
  const version = await versionForExport(ctx, input.studyId, input.versionId);
  if (!version) throw fail('NOT_FOUND');
  const activities: Activity[] = await revisionDefinitions(ctx, version.content.studyActivities.items);
  const countries = new Map(record.countries.map((c) => [c.id, c.name]));
  const design: StudyDesignExport = {
    study: {
      id: record.id,
      code: record.code,
      name: record.name,
      ...(record.description ? { description: record.description } : {}),
      ...(record.sponsorName ? { sponsorName: record.sponsorName } : {}),
      languages: record.languages.map((l) => l.id),
      defaultLanguage: record.languages.find((l) => l.isDefault)?.id ?? record.languages[0]?.id ?? 'en',
    },
    version: {
      number: version.number,
      name: version.name,
      status: version.status,
      ...(version.publishedAt ? { publishedAt: version.publishedAt } : {}),
    },
    sites: version.sites.map((s) => ({
      id: s.id,
      code: s.siteCode,
      name: s.name,
      country: { code: s.countryId, name: countries.get(s.countryId) ?? s.countryId },
    })),
    eligibility: eligibilityForExport(version.content.eligibility),
    activities,
    plan: version.content.schedule,
  };
  return {
    fileName: `${record.code}_v${version.number}_usdm-4.0.json`,
    document: toUsdm(design) as Record<string, unknown>,
  };
}

type Unmapped = { path: string; reason: string };

/** A section of the new draft, checked against the study's languages; refused → its default and a report line. */
function checkedSection(
  section: 'eligibility' | 'schedule',
  value: unknown,
  languages: string[],
  unmapped: Unmapped[],
) {
  const checked = studyContentSectionSchema(section, { languages, defaultLanguage: languages[0] }).safeParse(value);
  if (checked.success) return checked.data;
  const issues = checked.error.issues
    .slice(0, 5)
    .map((i: { path: PropertyKey[]; message: string }) => `${i.path.join('.')}: ${i.message}`);
  unmapped.push({ path: section, reason: `not taken: ${issues.join('; ')}` });
  return undefined;
}

/**
 * A new study in design from a USDM 4.0 study definition (decision 0044): the study's identity, the
 * languages and countries this platform knows, eligibility, the activities (as the study's own, first
 * revision DRAFT) and the schedule plan with its activity ids remapped, in the first draft. Sites are not
 * created (a site needs its address and team): each is listed. Nothing is stored when the document cannot
 * be read; what the mapping could not carry is listed with its path.
 */
export async function importUsdm(
  ctx: ServiceCtx,
  input: { code: string; name?: string; document: Record<string, unknown> },
) {
  const read = fromUsdm(input.document);
  if (!read.design) {
    throw fail('VALIDATION_FAILED', undefined, {
      message: messageRef('activityBuild.usdmUnreadable'),
      fields: { document: [messageRef('activityBuild.usdmUnreadable')] },
      details: { errors: read.errors.slice(0, 20) },
    });
  }
  const design = read.design;
  const unmapped: Unmapped[] = [...read.unmapped];
  const known = new Set((await languageList(ctx)).items.map((l) => l.id));
  const offered = [design.study.defaultLanguage, ...design.study.languages].filter((l, i, all) => all.indexOf(l) === i);
  for (const l of offered)
    if (!known.has(l)) unmapped.push({ path: 'study.languages', reason: `language ${l} is not offered here` });
  const languages = offered.filter((l) => known.has(l));
  if (languages.length === 0) languages.push('en');
  const countryIds = new Set((await supportedCountries(ctx)).items.map((c) => c.id));
  const countries = [
    ...new Set(design.sites.flatMap((s) => (s.country.code && countryIds.has(s.country.code) ? [s.country.code] : []))),
  ];
  for (const s of design.sites) {
    unmapped.push({
      path: `sites.${s.code ?? s.id}`,
      reason: `site ${s.name} (${s.country.name}) not created: add it with its address and team under research sites`,
    });
  }
  // ids made here, so the draft's content can name the activities before they are stored
  const ids = new Map(design.activities.map((a) => [a.id, { activityId: randomUUID(), revisionId: randomUUID() }]));
  const remap = (id: string) => ids.get(id)?.activityId ?? id;
  const plan = {
    milestones: design.plan.milestones,
    packets: design.plan.packets.map((p) => ({ ...p, activityIds: p.activityIds.map(remap) })),
    schedules: design.plan.schedules.map((s) =>
      s.target.kind === 'activity'
        ? { ...s, target: { kind: 'activity' as const, activityId: remap(s.target.activityId) } }
        : s,
    ),
  };
  const content = defaultStudyContent();
  const eligibility = checkedSection(
    'eligibility',
    { ...content.eligibility, ...design.eligibility },
    languages,
    unmapped,
  );
  const schedule = checkedSection('schedule', plan, languages, unmapped);
  const study = await createStudyWithContent(
    ctx,
    {
      code: input.code,
      name: (input.name ?? design.study.name).slice(0, 200) || input.code,
      ...(design.study.description ? { description: design.study.description.slice(0, 4000) } : {}),
      ...(design.study.sponsorName ? { sponsorName: design.study.sponsorName.slice(0, 200) } : {}),
      languages,
      countries,
    },
    {
      ...content,
      ...(eligibility ? { eligibility: eligibility as typeof content.eligibility } : {}),
      ...(schedule ? { schedule: schedule as typeof content.schedule } : {}),
      studyActivities: {
        items: [...ids.values()].map((i) => ({
          id: i.activityId,
          revisionId: i.revisionId,
          disabled: false,
          notificationsDisabled: false,
        })),
      },
    },
  );
  for (const a of design.activities) {
    await insertActivityIntoNewStudy(ctx, study.id, {
      kind: a.type,
      identifier: a.identifier,
      title: a.title,
      tags: [],
      groupId: null,
      definition: a,
      ids: ids.get(a.id)!,
    });
  }
  ctx.audit({
    action: 'study.usdm.import',
    entityType: 'study',
    entityId: study.id,
    after: { code: study.code, activities: ids.size, schedules: plan.schedules.length, unmapped: unmapped.length },
  });
  return {
    studyId: study.id,
    code: study.code,
    name: study.name,
    activities: ids.size,
    schedules: schedule ? plan.schedules.length : 0,
    unmapped,
  };
}
