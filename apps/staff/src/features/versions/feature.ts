import { type Feature, studyPages } from '../../shared/feature';

/**
 * A study's versions (issue 9; decision 0030 and 0035): version management with history, notes and
 * assignments, publish and make live, ★ the diff of two versions, the translations of the draft, and
 * the draft's preview and shared prototypes (decision 0043).
 * Every screen has its test twin (000 §2.5).
 */
export const versionsFeature: Feature = {
  id: 'versions',
  texts: { en: () => import('./versions.en'), es: () => import('./versions.es') },
  routes: studyPages(
    () => import('./pages'),
    [
      ['versionManagement', 'version-management', 'VersionManagementPage'],
      ['versionHistory', 'version-management/history', 'VersionHistoryPage'],
      ['versionNotes', 'version-management/version-notes', 'VersionNotesPage'],
      ['versionAssignments', 'version-management/version-assignments', 'VersionAssignmentsPage'],
      ['versionDiff', 'version-management/diff', 'VersionDiffPage'],
      ['publish', 'publish', 'PublishPage'],
      ['translations', 'translations', 'TranslationsPage'],
      ['irbDocumentation', 'review/documentation', 'DocumentationPage'],
      ['previewPage', 'previewpage', 'PreviewPage'],
      ['generatePrototype', 'review/generate-prototype', 'GeneratePrototypePage'],
    ],
  ),
};
