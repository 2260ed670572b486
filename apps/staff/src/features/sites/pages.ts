/** The sites feature's screens, one chunk (decision 0019). */
export { ResourceListPage, SiteDocumentsPage } from './DocumentsPage';
export { SiteTeamPage, SiteViewPage } from './SitePage';
export { SiteCreatePage, SitesPage } from './SitesPage';
export { TeamPage } from './TeamPage';
