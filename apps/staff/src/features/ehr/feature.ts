import { type Feature, studyPages } from '../../shared/feature';

/**
 * Epic MyChart link with SMART on FHIR (issue 14; H-036, H-037; decision H-epic-mychart): the study's link at
 * customize/epic-mychart, with its test twin (read-only). `EhrRecords` (a participant's fetched records) is exported
 * for the participant profile and uses this feature's texts.
 */
export const ehrFeature: Feature = {
  id: 'ehr',
  texts: { en: () => import('./ehr.en'), es: () => import('./ehr.es') },
  routes: studyPages(() => import('./pages'), [['epicMyChart', 'customize/epic-mychart', 'EpicMyChartPage']]),
};
