import { type Feature, studyPages } from '../../shared/feature';

/**
 * Data queries and the participant responses view (issue 12; E-014, E-019, E-144…E-146; decision E-queries): the
 * study's queries and one submitted response, each with its test twin (000 §2.5). The components other screens place
 * (QueryButton next to an answer, QueryThread, ResponsesPanel and ParticipantQueriesPanel for the participant
 * profile) are exported from ./pages, the feature's one chunk: import them lazily from there.
 */
export const queriesFeature: Feature = {
  id: 'queries',
  texts: { en: () => import('./queries.en'), es: () => import('./queries.es') },
  routes: studyPages(
    () => import('./pages'),
    [
      ['dataQueries', 'queries', 'QueriesPage'],
      ['participantResponse', 'participants/:participantId/responses/:responseId', 'ResponsePage'],
    ],
  ),
};
