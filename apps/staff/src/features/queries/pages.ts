/** The queries feature's screens and components, one chunk (decision 0019). */
export { ParticipantQueriesPanel } from './ParticipantQueriesPanel';
export { QueriesPage } from './QueriesPage';
export { QueryButton } from './QueryButton';
export { QueryThread } from './QueryThread';
export { ResponsePage } from './ResponsePage';
export { ResponsesPanel } from './ResponsesPanel';
