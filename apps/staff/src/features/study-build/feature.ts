import { type Feature, studyPages } from '../../shared/feature';

/**
 * The study build (decision 0031): the design overview (decision 0041), a study's details, its lifecycle,
 * build progress, launch, approvals with their confirm step, and the new-study form of the studies list.
 * Its screens also show the studies texts (statuses, the way back to the list).
 */
export const studyBuildFeature: Feature = {
  id: 'study-build',
  texts: { en: () => import('./study-build.en'), es: () => import('./study-build.es') },
  uses: ['studies'],
  routes: studyPages(
    () => import('./StudyBuildPages'),
    [
      ['studyDesign', 'design', 'StudyDesignPage'],
      ['studyDetails', 'study-details', 'StudyDetailsPage'],
      ['studyManage', 'manage', 'StudyManagePage'],
      ['studyLaunch', 'launch', 'StudyLaunchPage'],
      ['studyBuildProgress', 'study-build-progress', 'StudyBuildProgressPage'],
      // The review's scan is the same readiness check, reached from the review steps (C-063).
      ['studyScan', 'review/scan', 'StudyBuildProgressPage'],
      ['studySummary', 'review/study-summary', 'StudySummaryPage'],
      ['studyApproval', 'review/approval', 'StudyApprovalPage'],
      ['studyApprovalConfirm', 'review/study-approval-confirm', 'StudyApprovalConfirmPage'],
    ],
  ),
};
