import { type Feature, studyPages } from '../../shared/feature';

/**
 * EDC: site data entry of data capture forms (issue 12; E-012, E-013; decision E-edc). The entry page of one site
 * form; the participant's list of them (SiteFormsPanel, pages.ts) is a tab of the participant profile.
 */
export const edcFeature: Feature = {
  id: 'edc',
  texts: { en: () => import('./edc.en'), es: () => import('./edc.es') },
  // the query button beside each answer speaks the queries feature's texts
  uses: ['queries'],
  routes: studyPages(
    () => import('./pages'),
    [['siteFormEntry', 'participants/:participantId/site-forms/:entryKey', 'SiteFormEntryWithQueriesPage']],
  ),
};
