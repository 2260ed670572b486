/**
 * The signature states of participant documents (002 §3: SIGNATURE_INIT, IN_PROGRESS, RESET, COMPLETED, ACQUIRED,
 * SUBMITTED; E-102…E-108; decision E-participant-documents). The spec names the states, not their transitions; we
 * read them as two machines sharing one vocabulary:
 *
 * - the document's status, kept by the server: SIGNATURE_INIT (sent, no signature asked), IN_PROGRESS (asked, a
 *   signature still to come), RESET (the request was cancelled or declined; it may be asked again), COMPLETED (every
 *   signature given; final);
 * - the capture of one signature in a signing dialog, kept by the browser (the stored item of A-039): SIGNATURE_INIT
 *   (nothing drawn), IN_PROGRESS (drawing), RESET (cleared), COMPLETED (drawing finished), ACQUIRED (adopted and kept
 *   until it is sent; leaving the document then asks first and clears it, E-109), SUBMITTED (the server took it).
 */

export const SIGNATURE_STATES = [
  'SIGNATURE_INIT',
  'IN_PROGRESS',
  'RESET',
  'COMPLETED',
  'ACQUIRED',
  'SUBMITTED',
] as const;
export type SignatureState = (typeof SIGNATURE_STATES)[number];

/** The states a document's status takes on the server. */
export const DOCUMENT_STATUSES = ['SIGNATURE_INIT', 'IN_PROGRESS', 'RESET', 'COMPLETED'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Who signs, in this order: the participant, then the investigator when asked (E-095, E-096). */
export const SIGNER_ROLES = ['PARTICIPANT', 'PI'] as const;
export type SignerRole = (typeof SIGNER_ROLES)[number];

/** What changes a document's status. */
export type DocumentAction = 'request' | 'resend' | 'cancel' | 'decline' | 'sign';

/** The facts a document transition reads. */
export interface DocumentFacts {
  status: DocumentStatus;
  isInvalidate: boolean;
  piSignatureRequired: boolean;
  /** The roles that have signed. */
  signed: readonly SignerRole[];
}

/** Whose signature comes next, or null when nobody's is asked now. */
export function nextSigner(d: DocumentFacts): SignerRole | null {
  if (d.isInvalidate || d.status !== 'IN_PROGRESS') return null;
  if (!d.signed.includes('PARTICIPANT')) return 'PARTICIPANT';
  if (d.piSignatureRequired && !d.signed.includes('PI')) return 'PI';
  return null;
}

/**
 * The status after `action`, or null when the action is refused in this state (E-108). `sign` is the next signer's
 * signature: COMPLETED once nobody else signs. A request is cancelled (or declined) only before anyone signed: a
 * signature is never taken back, the document is invalidated instead.
 */
export function documentTransition(d: DocumentFacts, action: DocumentAction): DocumentStatus | null {
  if (d.isInvalidate) return null;
  const nothingSigned = d.signed.length === 0;
  switch (action) {
    case 'request':
      return d.status === 'SIGNATURE_INIT' || d.status === 'RESET' ? 'IN_PROGRESS' : null;
    case 'resend':
    case 'cancel':
    case 'decline': {
      if (d.status !== 'IN_PROGRESS' || !nothingSigned) return null;
      return action === 'resend' ? 'IN_PROGRESS' : 'RESET';
    }
    case 'sign': {
      const signer = nextSigner(d);
      if (!signer) return null;
      const after = { ...d, signed: [...d.signed, signer] };
      return nextSigner(after) ? 'IN_PROGRESS' : 'COMPLETED';
    }
  }
}

/** The investigator may be asked to sign while the document is not yet completed and they are not asked already. */
export const mayRequestPiSignature = (d: DocumentFacts) =>
  !d.isInvalidate && !d.piSignatureRequired && d.status !== 'COMPLETED';

/** What happens to a signature being captured in a signing dialog. */
export type CaptureEvent = 'draw' | 'clear' | 'finish' | 'acquire' | 'submit' | 'leave';

const CAPTURE: Record<SignatureState, Partial<Record<CaptureEvent, SignatureState>>> = {
  SIGNATURE_INIT: { draw: 'IN_PROGRESS', leave: 'SIGNATURE_INIT' },
  IN_PROGRESS: { draw: 'IN_PROGRESS', clear: 'RESET', finish: 'COMPLETED', leave: 'SIGNATURE_INIT' },
  RESET: { draw: 'IN_PROGRESS', leave: 'SIGNATURE_INIT' },
  COMPLETED: { draw: 'IN_PROGRESS', clear: 'RESET', acquire: 'ACQUIRED', leave: 'SIGNATURE_INIT' },
  ACQUIRED: { clear: 'RESET', submit: 'SUBMITTED', leave: 'SIGNATURE_INIT' },
  SUBMITTED: {},
};

/** The capture state after `event`, or null when it cannot happen now (E-108). */
export function captureTransition(state: SignatureState, event: CaptureEvent): SignatureState | null {
  return CAPTURE[state][event] ?? null;
}

/** E-109: leaving a document whose signature was acquired asks first (and then clears it). */
export const leavingAsks = (state: SignatureState) => state === 'ACQUIRED';

/** E-110: cancelling a signing dialog asks first once anything was provided. */
export const cancellingAsks = (state: SignatureState) =>
  state === 'IN_PROGRESS' || state === 'COMPLETED' || state === 'ACQUIRED';
