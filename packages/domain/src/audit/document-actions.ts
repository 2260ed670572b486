/** Participant documents and e-signature (issue 12): its audit actions (part of AUDIT_ACTIONS, actions.ts). */
import type { ActionDef } from './actions';

const doc = ['participant_document'] as const;

export const DOCUMENT_ACTIONS = {
  'participant.document.send': { entity: doc, summary: 'Study document sent to a participant' },
  'participant.document.request': { entity: doc, summary: "Participant's signature asked for on a document" },
  'participant.document.resend': { entity: doc, summary: 'Signature request of a document sent again' },
  'participant.document.cancel': { entity: doc, summary: 'Signature request of a document cancelled' },
  'participant.document.decline': { entity: doc, summary: 'Participant declined to sign a document' },
  'participant.document.sign': { entity: doc, summary: 'Participant signed a document (electronic signature)' },
  'participant.document.pi.request': { entity: doc, summary: "Investigator's signature asked for on a document" },
  'participant.document.pi.sign': { entity: doc, summary: 'Investigator signed a participant document' },
  'participant.document.mail': { entity: doc, summary: 'Participant e-mailed that a document waits for them' },
  'participant.document.invalidate': {
    entity: doc,
    summary: 'Participant document invalidated, with a reason (and sent again when asked)',
  },
  'participant.document.settings': {
    entity: ['site'],
    summary: "Site's participant documents set to be signed (or not) by the investigator after the participant",
  },
} as const satisfies Record<string, ActionDef>;
