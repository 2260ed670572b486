import { type Feature, studyPages } from '../../shared/feature';

/**
 * Datavant-style linkage tokens (issue 14; 002 §3, §7; H-024…H-029; decision H-linkage-tokens): the study's
 * configuration (toggle, dataset configuration name, kinds of token, key replacement) and its token list with the
 * CSV for the linkage partner; the test twin shows the test data space read only.
 */
export const linkageFeature: Feature = {
  id: 'linkage',
  texts: { en: () => import('./linkage.en'), es: () => import('./linkage.es') },
  routes: studyPages(() => import('./pages'), [['datavant', 'datavant', 'LinkagePage']]),
};
