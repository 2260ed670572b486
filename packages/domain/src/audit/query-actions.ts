/** Data queries on site-entered and participant-reported answers (issue 12; decision E-queries): its audit actions (part of AUDIT_ACTIONS, actions.ts). */
import type { ActionDef } from './actions';

export const QUERY_ACTIONS = {
  'query.open': { entity: ['data_query'], summary: 'Opened a data query on an answer' },
  'query.respond': { entity: ['data_query'], summary: 'Responded to a data query' },
  'query.close': { entity: ['data_query'], summary: 'Closed a data query' },
  'query.reopen': { entity: ['data_query'], summary: 'Reopened a data query' },
  'query.comment': { entity: ['data_query'], summary: 'Added a message to a data query' },
  'query.assign': {
    entity: ['data_query'],
    summary: 'Query assigned to a role of the site team, or back to the whole team',
  },
} as const satisfies Record<string, ActionDef>;
