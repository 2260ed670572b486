/** The edc feature's screens, one chunk (decision 0019): the entry page, and the panel for the participant profile. */
export { SiteFormEntryPage, SiteFormItemExtras, type ItemExtras } from './SiteFormEntryPage';
export { SiteDataLockPanel } from './SiteDataLockPanel';
export { SiteFormsPanel } from './SiteFormsPanel';
export { SiteFormEntryWithQueriesPage } from './SiteFormEntryWithQueries';
