/** Messages from staff to participants (issue 12): its audit actions (part of AUDIT_ACTIONS, actions.ts). */
import type { ActionDef } from './actions';

export const MESSAGE_ACTIONS = {} as const satisfies Record<string, ActionDef>;
