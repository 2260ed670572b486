/**
 * A USDM 4.0 study definition back to a design, for a new draft study (the caller validates the JSON
 * against the USDM schema first if it wants to). Never throws: what cannot be read at all is an error
 * (and no design), what can be read but has no Trialpath counterpart is listed as unmapped with its JSON path.
 *
 * An object that carries its Trialpath extension attribute (our own export) is read from it whole; any
 * other is mapped from its USDM attributes, texts going to the study's default language.
 */
import { z } from 'zod';
import { LocalizedTextSchema } from '../activity/model';
import { SchedulePlanSchema } from '../schedule/model';
import { ITEM_ID_PATTERN } from '../study/keyed';
import { VersionStatusSchema } from '../study/lifecycle';
import { LANGUAGE_CODE_PATTERN } from '../study/localized';
import { C, EXT, ISO_COUNTRY_SYSTEM, OTHER_COUNTRY_SYSTEM } from './codes';
import type { EligibilityQuestionExport, StudyDesignExport, UsdmCountry, UsdmSite } from './design';
import { importActivities } from './import-activities';
import {
  codeOf,
  decodeOf,
  extensionValue,
  type ImportError,
  ImportReport,
  isObj,
  type Obj,
  str,
  type Unmapped,
} from './import-read';
import { importTimeline } from './import-timeline';
import { countryAlpha2 } from './iso-countries';

export interface UsdmImport {
  /** null when `errors` is not empty. */
  design: StudyDesignExport | null;
  unmapped: Unmapped[];
  errors: ImportError[];
}

const CountrySchema = z.object({ code: z.string().optional(), name: z.string() });
const OWN = {
  study: z.object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    description: z.string().optional(),
    phase: z.string().optional(),
    sponsorName: z.string().optional(),
    languages: z.array(z.string()),
    defaultLanguage: z.string(),
  }),
  version: z.object({
    number: z.number().int(),
    name: z.string(),
    status: VersionStatusSchema,
    publishedAt: z.string().optional(),
  }),
  site: z.object({ id: z.string(), code: z.string().optional(), name: z.string(), country: CountrySchema }),
  question: z.object({ id: z.string(), text: LocalizedTextSchema, qualifyingAnswer: z.enum(['YES', 'NO']) }),
  eligibility: z.object({
    introduction: LocalizedTextSchema.optional(),
    ineligibleMessage: LocalizedTextSchema.optional(),
  }),
};

function own<T extends z.ZodType>(schema: T, o: Obj, url: string): z.output<T> | undefined {
  const parsed = schema.safeParse(extensionValue(o, url));
  return parsed.success ? parsed.data : undefined;
}

function country(c: unknown): UsdmCountry {
  const value = isObj(c) ? (str(c.code) ?? '') : '';
  const system = isObj(c) ? str(c.codeSystem) : undefined;
  const alpha2 =
    system === OTHER_COUNTRY_SYSTEM
      ? value
      : system === ISO_COUNTRY_SYSTEM || value.length === 3
        ? countryAlpha2(value)
        : /^[A-Za-z]{2}$/.test(value)
          ? value.toUpperCase()
          : undefined;
  return { ...(alpha2 ? { code: alpha2 } : {}), name: decodeOf(c) ?? value };
}

/** Sponsor, study code and sites from the version's identifiers and organisations. */
function organisations(v: Obj, vp: string, report: ImportReport) {
  const orgs = report.list(v.organizations, `${vp}.organizations`);
  const idents = report.list(v.studyIdentifiers, `${vp}.studyIdentifiers`);
  const sponsorOf = (i: Obj) => orgs.find(([o]) => o.id === i.scopeId && codeOf(o.type) === C.sponsor[0]);
  const ident = idents.find(([i]) => sponsorOf(i)) ?? idents[0];
  const sponsor = ident && orgs.find(([o]) => o.id === ident[0].scopeId);
  for (const [i, ip] of idents) if (i !== ident?.[0]) report.skip(ip, "only the sponsor's study identifier is kept");
  const sites: UsdmSite[] = [];
  for (const [o, op] of orgs) {
    const managed = report.list(o.managedSites, `${op}.managedSites`);
    if (o !== sponsor?.[0] && managed.length === 0)
      report.skip(op, 'organisations other than the sponsor are not kept');
    for (const [s, sp] of managed) {
      const mine = own(OWN.site, s, EXT.site);
      if (mine) {
        sites.push(mine);
        continue;
      }
      report.leftovers(s, sp, ['country']);
      const [name, label] = [str(s.name) ?? '', str(s.label)];
      const site = { id: str(s.id) ?? sp, ...(label ? { code: name } : {}), name: label || name };
      sites.push({ ...site, country: country(s.country) });
    }
  }
  return { code: str(ident?.[0].text) ?? '', sponsorName: str(sponsor?.[0].name), sites };
}

function eligibility(design: Obj, dp: string, v: Obj, vp: string, lang: string, report: ImportReport) {
  const items = new Map(
    report.list(v.eligibilityCriterionItems, `${vp}.eligibilityCriterionItems`).map((e) => [e[0].id, e]),
  );
  const used = new Set<unknown>();
  const questions: EligibilityQuestionExport[] = [];
  for (const [i, [c, cp]] of report.list(design.eligibilityCriteria, `${dp}.eligibilityCriteria`).entries()) {
    used.add(c.criterionItemId);
    const mine = own(OWN.question, c, EXT.criterion);
    if (mine) {
      questions.push(mine);
      continue;
    }
    const category = codeOf(c.category);
    const answer = category === C.inclusion[0] ? 'YES' : category === C.exclusion[0] ? 'NO' : null;
    const item = items.get(c.criterionItemId);
    const text = item && str(item[0].text);
    if (!answer || !item || text === undefined) {
      report.skip(cp, answer ? 'its criterion text was not found' : 'neither an inclusion nor an exclusion criterion');
      continue;
    }
    report.leftovers(c, cp, ['category', 'identifier', 'criterionItemId', 'previousId', 'nextId']);
    report.leftovers(item[0], item[1], ['text']);
    if (text.includes('<usdm:')) report.skip(`${item[1]}.text`, 'holds syntax template tags; imported as written');
    const id = typeof c.id === 'string' && ITEM_ID_PATTERN.test(c.id) ? c.id : `criterion-${i + 1}`;
    questions.push({ id, text: { [lang]: text }, qualifyingAnswer: answer });
  }
  for (const [id, [, ip]] of items) if (!used.has(id)) report.skip(ip, 'not the text of any imported criterion');
  const population = isObj(design.population) ? design.population : {};
  report.leftovers(population, `${dp}.population`, ['includesHealthySubjects', 'criterionIds']);
  return { ...own(OWN.eligibility, population, EXT.eligibility), questions };
}

const DESIGN_HANDLED = ['studyType', 'studyPhase', 'model', 'timePerspective', 'rationale', 'activities'];
const DESIGN_MAPPED = ['scheduleTimelines', 'eligibilityCriteria', 'population', 'encounters'];

function read(json: unknown, report: ImportReport): StudyDesignExport | null {
  if (!isObj(json)) {
    report.error('$', 'not a USDM Wrapper object');
    return null;
  }
  const usdmVersion = str(json.usdmVersion);
  if (!usdmVersion) report.error('$.usdmVersion', 'missing');
  else if (!/^4(\.|$)/.test(usdmVersion)) report.error('$.usdmVersion', `USDM ${usdmVersion.slice(0, 20)} is not 4.x`);
  const study = isObj(json.study) ? json.study : null;
  if (!study) report.error('$.study', 'missing');
  else if (!str(study.name)?.trim()) report.error('$.study.name', 'missing');
  const versions = study ? report.list(study.versions, '$.study.versions') : [];
  if (study && versions.length === 0) report.error('$.study.versions', 'no study version');
  if (!study || report.errors.length > 0) return null;
  report.leftovers(study, '$.study', ['versions']);
  for (const [, p] of versions.slice(1)) report.skip(p, 'only the first study version is imported');
  const [v, vp] = versions[0]!;

  // Another system's texts are in its protocol document's language (English when it names none).
  const document = report.list(study.documentedBy, '$.study.documentedBy')[0]?.[0];
  const documentLanguage = document ? codeOf(document.language) : undefined;
  const ownStudy = own(OWN.study, study, EXT.study);
  const lang =
    ownStudy?.defaultLanguage ??
    (documentLanguage && LANGUAGE_CODE_PATTERN.test(documentLanguage) ? documentLanguage : 'en');
  const orgs = organisations(v, vp, report);
  const name = str(study.name)!;
  const description = str(study.description);
  const studyOut: StudyDesignExport['study'] = ownStudy ?? {
    id: str(study.id) ?? '',
    code: orgs.code,
    name,
    ...(description ? { description } : {}),
    ...(orgs.sponsorName ? { sponsorName: orgs.sponsorName } : {}),
    languages: [lang],
    defaultLanguage: lang,
  };
  for (const [t, tp] of report.list(v.titles, `${vp}.titles`)) {
    if (t.text !== name) report.skip(tp, 'other study titles are not kept');
  }
  const ownVersion = own(OWN.version, v, EXT.version);
  const number = Number(str(v.versionIdentifier));
  if (!ownVersion && !(Number.isInteger(number) && number > 0)) {
    report.skip(`${vp}.versionIdentifier`, 'not a whole version number; read as 1');
  }
  const version = ownVersion ?? {
    number: number > 0 && Number.isInteger(number) ? number : 1,
    name: str(v.rationale) ?? '',
    status: 'DRAFT' as const,
  };
  report.leftovers(v, vp, [
    'versionIdentifier',
    'rationale',
    'studyIdentifiers',
    'titles',
    'organizations',
    'studyDesigns',
    'eligibilityCriterionItems',
    ...(ownVersion ? ['dateValues'] : []),
  ]);

  const designs = report.list(v.studyDesigns, `${vp}.studyDesigns`);
  for (const [, p] of designs.slice(1)) report.skip(p, 'only the first study design is imported');
  const [design, dp] = designs[0] ?? [{}, `${vp}.studyDesigns[0]`];
  report.leftovers(design, dp, [...DESIGN_HANDLED, ...DESIGN_MAPPED]);
  const phaseText = decodeOf(design.studyPhase);
  if (!ownStudy && phaseText) studyOut.phase = phaseText;
  const elig = eligibility(design, dp, v, vp, lang, report);
  const acts = importActivities(design, dp, lang, report);
  const packetIds = new Set(acts.packets.map((p) => p.id));
  const timeline = importTimeline(design, dp, acts.targets, packetIds, report);
  for (const [e, ep] of report.list(design.encounters, `${dp}.encounters`)) {
    if (!timeline.ownEncounters.has(str(e.id) ?? '')) {
      report.skip(ep, 'visits (encounters) are not kept; their activities are scheduled by their timings');
    }
  }
  const plan = SchedulePlanSchema.safeParse({
    milestones: timeline.milestones,
    packets: acts.packets,
    schedules: timeline.schedules,
  });
  if (!plan.success) {
    for (const issue of plan.error.issues)
      report.error(`${dp}.scheduleTimelines`, `${issue.path.join('.')}: ${issue.message}`);
    return null;
  }
  return {
    study: studyOut,
    version,
    sites: orgs.sites,
    eligibility: elig,
    activities: acts.activities,
    plan: plan.data,
  };
}

/** Reads a USDM 4.0 Wrapper (any JSON value) into a design, with what could not be mapped. */
export function fromUsdm(json: unknown): UsdmImport {
  const report = new ImportReport();
  let design: StudyDesignExport | null = null;
  try {
    design = read(json, report);
  } catch (e) {
    // The reading above guards every access; this keeps the promise for anything it missed.
    report.error('$', `could not be read: ${e instanceof Error ? e.message : String(e)}`);
  }
  return { design: report.errors.length > 0 ? null : design, unmapped: report.unmapped, errors: report.errors };
}
