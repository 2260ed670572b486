import { type Feature, type FeatureRoute, lazyScreen, studyPages } from '../../shared/feature';

const load = () => import('./pages');
type Pages = Awaited<ReturnType<typeof load>>;

const page = (id: string, path: string, name: keyof Pages): FeatureRoute => ({
  id,
  path,
  meta: { auth: true },
  screen: lazyScreen(load, name),
});

/**
 * The activity library and each study's activities (000 §2.3, §2.4; C-013…C-018, C-027…C-033): the
 * library's list, tags, groups and archive; one activity's screens (details, the form builder, review,
 * export, advanced scoring, preview) as tabs of one frame, reached from the library, from a study's
 * activities or data capture forms, and from the study's own routes (those with their test twins).
 */
export const activitiesFeature: Feature = {
  id: 'activities',
  texts: { en: () => import('./activities.en'), es: () => import('./activities.es') },
  routes: [
    page('activityLibraryHome', '/activity-library/home', 'LibraryHomePage'),
    page('activityLibraryTags', '/activity-library/tags', 'TagsPage'),
    page('activityLibraryGroups', '/activity-library/groups', 'GroupsPage'),
    page('activityLibraryArchive', '/activity-library/archive', 'ArchivePage'),
    page('activityLibraryActivity', '/activity-library/activities/:activityId/:tab?', 'ActivityPage'),
    page('studyActivities', '/activity-library/study-activities/studies/:studyId', 'StudyActivitiesPage'),
    page(
      'studyActivitiesActivity',
      '/activity-library/study-activities/studies/:studyId/activities/:activityId/:tab?',
      'ActivityPage',
    ),
    page('dataCaptureForms', '/activity-library/data-capture-form/studies/:studyId', 'DataCaptureFormsPage'),
    page(
      'dataCaptureFormsActivity',
      '/activity-library/data-capture-form/studies/:studyId/activities/:activityId/:tab?',
      'ActivityPage',
    ),
    ...studyPages(load, [
      ['studyEpro', 'study-details/epros/:eproId/:tab?', 'ActivityPage'],
      ['studyEdro', 'study-details/edros/:edroId/:tab?', 'ActivityPage'],
      ['studySurvey', 'study-details/survey/:surveyId/:tab?', 'ActivityPage'],
      ['studyActivity', 'study-details/activity/:activityId/:tab?', 'ActivityPage'],
      ['configureNewForm', 'configure-new-form/:formId/:tab?', 'ActivityPage'],
      ['eproPreview', 'epro/:eproId/preview', 'ActivityPage'],
    ]),
  ],
};
