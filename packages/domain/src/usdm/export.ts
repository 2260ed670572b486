/**
 * A study version's design as CDISC USDM 4.0 (the digital protocol): a Wrapper with one Study, one
 * StudyVersion and one ObservationalStudyDesign (Trialpath studies have no arms, interventions or
 * randomisation, so the observational design needs the fewest made-up parts). Ids are counted per
 * class (`Activity_1`), so the same design always gives the same bytes.
 *
 * USDM attributes carry what USDM can say, in the study's default language; each Trialpath object also
 * travels whole in an extension attribute (translations, question definitions, repeat rules), which
 * `fromUsdm` reads back in preference to the USDM attributes.
 */
import { localize } from '../activity/model';
import { C, code, countryCode, EXT, extension, IdMaker, SYSTEM_NAME, USDM_VERSION } from './codes';
import { eligibilityCriterionKind, type StudyDesignExport } from './design';
import { exportActivities } from './export-activities';
import { exportTimeline } from './export-timeline';
import { isUuid } from '../uuid';

const DATE = /^\d{4}-\d{2}-\d{2}/;

function eligibility(design: StudyDesignExport, ids: IdMaker) {
  const lang = design.study.defaultLanguage;
  const counts = { inclusion: 0, exclusion: 0 };
  const criterionIds = design.eligibility.questions.map(() => ids.next('EligibilityCriterion'));
  const items: Record<string, unknown>[] = [];
  const criteria = design.eligibility.questions.map((q, i) => {
    const kind = eligibilityCriterionKind(q);
    counts[kind] += 1;
    const identifier = `${kind === 'inclusion' ? 'I' : 'E'}${counts[kind]}`;
    const name = `${kind === 'inclusion' ? 'Inclusion' : 'Exclusion'} ${counts[kind]}`;
    const itemId = ids.next('EligibilityCriterionItem');
    items.push({ id: itemId, name, text: localize(q.text, lang), instanceType: 'EligibilityCriterionItem' });
    return {
      id: criterionIds[i],
      extensionAttributes: [extension(ids, EXT.criterion, q)],
      name,
      category: code(ids, kind === 'inclusion' ? C.inclusion : C.exclusion),
      identifier,
      criterionItemId: itemId,
      previousId: criterionIds[i - 1] ?? null,
      nextId: criterionIds[i + 1] ?? null,
      instanceType: 'EligibilityCriterion',
    };
  });
  const population = {
    id: ids.next('StudyDesignPopulation'),
    extensionAttributes: [
      extension(ids, EXT.eligibility, {
        introduction: design.eligibility.introduction,
        ineligibleMessage: design.eligibility.ineligibleMessage,
      }),
    ],
    name: 'Study population',
    description: 'The participants who answer the eligibility questions as required',
    // Required by USDM; Trialpath does not record it, so the population is not claimed to include them.
    includesHealthySubjects: false,
    criterionIds,
    instanceType: 'StudyDesignPopulation',
  };
  return { criteria, items, population };
}

function organization(design: StudyDesignExport, ids: IdMaker, id: string) {
  const managedSites = design.sites.map((s) => ({
    id: ids.next('StudySite'),
    extensionAttributes: [extension(ids, EXT.site, s)],
    // USDM's name is the short identifier (the site code) and its label the readable name.
    name: s.code || s.name || s.id,
    label: s.name || null,
    country: countryCode(ids, s.country),
    instanceType: 'StudySite',
  }));
  // The sponsor issues the study code and manages the sites; without a recorded sponsor, Trialpath stands in.
  const name = design.study.sponsorName || SYSTEM_NAME;
  return {
    id,
    name,
    type: code(ids, C.sponsor),
    identifierScheme: SYSTEM_NAME,
    identifier: name,
    managedSites,
    instanceType: 'Organization',
  };
}

function governanceDates(design: StudyDesignExport, ids: IdMaker) {
  const at = design.version.publishedAt;
  if (!at || !DATE.test(at)) return [];
  return [
    {
      id: ids.next('GovernanceDate'),
      name: 'Published',
      description: 'The day the version was published in Trialpath',
      type: code(ids, C.approvalDate),
      dateValue: at.slice(0, 10),
      geographicScopes: [
        { id: ids.next('GeographicScope'), type: code(ids, C.global), instanceType: 'GeographicScope' },
      ],
      instanceType: 'GovernanceDate',
    },
  ];
}

/** The design as a USDM 4.0 Wrapper-Input (JSON-ready; validate it against the schema as needed). */
export function toUsdm(design: StudyDesignExport): unknown {
  const ids = new IdMaker();
  const { study, version } = design;
  const sponsorId = ids.next('Organization');
  const { activities, refs } = exportActivities(design, ids);
  const { timeline, encounters } = exportTimeline(design, ids, refs);
  const { criteria, items, population } = eligibility(design, ids);
  const studyDesign = {
    id: ids.next('ObservationalStudyDesign'),
    name: 'Study design',
    label: study.name,
    description: study.description ?? null,
    studyType: code(ids, C.observational),
    studyPhase: null,
    encounters,
    activities,
    arms: [],
    studyCells: [],
    rationale: `Designed in ${SYSTEM_NAME}`,
    epochs: [],
    population,
    scheduleTimelines: [timeline],
    eligibilityCriteria: criteria,
    model: code(ids, C.parallel),
    timePerspective: code(ids, C.crossSectional),
    instanceType: 'ObservationalStudyDesign',
  };
  const studyVersion = {
    id: ids.next('StudyVersion'),
    extensionAttributes: [extension(ids, EXT.version, version)],
    versionIdentifier: String(version.number),
    rationale: version.name || `Version ${version.number}`,
    dateValues: governanceDates(design, ids),
    studyIdentifiers: [
      { id: ids.next('StudyIdentifier'), text: study.code, scopeId: sponsorId, instanceType: 'StudyIdentifier' },
    ],
    studyDesigns: [studyDesign],
    titles: [
      { id: ids.next('StudyTitle'), text: study.name, type: code(ids, C.briefTitle), instanceType: 'StudyTitle' },
    ],
    eligibilityCriterionItems: items,
    organizations: [organization(design, ids, sponsorId)],
    instanceType: 'StudyVersion',
  };
  return {
    study: {
      id: isUuid(study.id) ? study.id : null,
      extensionAttributes: [extension(ids, EXT.study, study)],
      name: study.name,
      description: study.description ?? null,
      label: study.code || null,
      versions: [studyVersion],
      instanceType: 'Study',
    },
    usdmVersion: USDM_VERSION,
    systemName: SYSTEM_NAME,
    systemVersion: null,
  };
}
