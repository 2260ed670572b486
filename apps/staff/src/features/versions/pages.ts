/** The versions feature's screens, one chunk (decision 0019). */
export { DocumentationPage } from './DocumentationPage';
export { GeneratePrototypePage, PreviewPage } from './PrototypePages';
export { PublishPage } from './PublishPage';
export { TranslationsPage } from './TranslationsPage';
export { VersionAssignmentsPage } from './VersionAssignmentsPage';
export { VersionDiffPage } from './VersionDiffPage';
export { VersionHistoryPage } from './VersionHistoryPage';
export { VersionManagementPage } from './VersionManagementPage';
export { VersionNotesPage } from './VersionNotesPage';
