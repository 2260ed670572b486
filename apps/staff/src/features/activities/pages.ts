/** The activities feature's screens, one chunk (decision 0019). */
export { ActivityPage } from './ActivityPage';
export { DataCaptureFormsPage, LibraryHomePage, StudyActivitiesPage } from './ActivityListPage';
export { ArchivePage } from './ArchivePage';
export { GroupsPage } from './GroupsPage';
export { TagsPage } from './TagsPage';
