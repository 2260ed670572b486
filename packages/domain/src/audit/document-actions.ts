/** Participant documents and e-signature (issue 12): its audit actions (part of AUDIT_ACTIONS, actions.ts). */
import type { ActionDef } from './actions';

export const DOCUMENT_ACTIONS = {} as const satisfies Record<string, ActionDef>;
