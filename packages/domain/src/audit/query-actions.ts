/** Data queries on site-entered and participant-reported answers, and the participant responses view (issue 12): its audit actions (part of AUDIT_ACTIONS, actions.ts). */
import type { ActionDef } from './actions';

export const QUERY_ACTIONS = {} as const satisfies Record<string, ActionDef>;
