/** Messages from staff to participants (issue 12): its audit actions (part of AUDIT_ACTIONS, actions.ts). */
import type { ActionDef } from './actions';

export const MESSAGE_ACTIONS = {
  // once per message, whatever its audience's size: the recipients are the message's own rows
  'participant.message.send': {
    entity: ['participant_message'],
    summary: 'Message sent to participants: its subject, audience, channels and how many it reached by each',
  },
  'participant.message.read': {
    entity: ['participant_message'],
    summary: 'Participant opened a message from the study team in the portal',
  },
} as const satisfies Record<string, ActionDef>;
