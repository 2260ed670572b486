import { type Feature, studyPages } from '../../shared/feature';

/**
 * The research team and sites of a study (000 §2.4; decision 0032): study admins, study team, research
 * sites (list, create, view) and each site's team. Every route has its test twin (000 §2.5): a site's
 * status there is the test data space's.
 */
export const sitesFeature: Feature = {
  id: 'sites',
  texts: { en: () => import('./sites.en'), es: () => import('./sites.es') },
  routes: studyPages(
    () => import('./pages'),
    [
      ['researchTeamStudyAdmins', 'research-team/study-admins', 'TeamPage'],
      ['researchTeamStudyTeam', 'research-team/study-team', 'TeamPage'],
      ['researchSiteList', 'research-team/research-site/list', 'SitesPage'],
      ['researchSiteCreate', 'research-team/research-site/create', 'SiteCreatePage'],
      ['researchSiteView', 'research-team/research-site/:siteId/view', 'SiteViewPage'],
      ['siteTeamView', 'site-team/:siteId/view', 'SiteTeamPage'],
      ['researchSiteDocuments', 'research-team/research-site/:siteId/add-research-site-documents', 'SiteDocumentsPage'],
      ['resourceListSite', 'resource-list-site', 'ResourceListPage'],
    ],
  ),
};
