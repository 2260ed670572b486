/** EDC: site data entry of data capture forms (issue 12): its audit actions (part of AUDIT_ACTIONS, actions.ts). */
import type { ActionDef } from './actions';

export const EDC_ACTIONS = {} as const satisfies Record<string, ActionDef>;
