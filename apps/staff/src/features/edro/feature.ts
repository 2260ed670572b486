import { type Feature, studyPages } from '../../shared/feature';

/**
 * A study's eDRO screens (000 §2.4): forced spirometry (C-019, decision 0045) — the settings of the draft's
 * `spirometry` section and a session grader by the ATS/ERS 2019 standard. With its test twin (000 §2.5).
 */
export const edroFeature: Feature = {
  id: 'edro',
  texts: { en: () => import('./edro.en'), es: () => import('./edro.es') },
  routes: studyPages(
    () => import('./pages'),
    [['edroForcedSpirometry', 'eDro/forced-spirometry', 'ForcedSpirometryPage']],
  ),
};
