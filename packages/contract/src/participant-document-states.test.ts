/** The signature states and their transitions (E-102…E-110; decision E-participant-documents). */
import { describe, expect, it } from 'vitest';
import {
  type CaptureEvent,
  cancellingAsks,
  captureTransition,
  type DocumentFacts,
  documentTransition,
  leavingAsks,
  mayRequestPiSignature,
  nextSigner,
  SIGNATURE_STATES,
} from './participant-document-states';

const doc = (over: Partial<DocumentFacts> = {}): DocumentFacts => ({
  status: 'SIGNATURE_INIT',
  isInvalidate: false,
  piSignatureRequired: false,
  signed: [],
  ...over,
});

describe('a document’s status on the server', () => {
  it.each([
    ['SIGNATURE_INIT', 'request', 'IN_PROGRESS'],
    ['RESET', 'request', 'IN_PROGRESS'],
    ['IN_PROGRESS', 'request', null],
    ['COMPLETED', 'request', null],
    ['IN_PROGRESS', 'resend', 'IN_PROGRESS'],
    ['SIGNATURE_INIT', 'resend', null],
    ['RESET', 'resend', null],
    ['IN_PROGRESS', 'cancel', 'RESET'],
    ['IN_PROGRESS', 'decline', 'RESET'],
    ['SIGNATURE_INIT', 'cancel', null],
    ['IN_PROGRESS', 'sign', 'COMPLETED'],
    ['SIGNATURE_INIT', 'sign', null],
    ['RESET', 'sign', null],
  ] as const)('%s --%s--> %s', (status, action, after) => {
    expect(documentTransition(doc({ status }), action)).toBe(after);
  });

  it('the participant signs first, then the investigator when asked', () => {
    const asked = doc({ status: 'IN_PROGRESS', piSignatureRequired: true });
    expect(nextSigner(asked)).toBe('PARTICIPANT');
    expect(documentTransition(asked, 'sign')).toBe('IN_PROGRESS');
    const participantSigned = { ...asked, signed: ['PARTICIPANT' as const] };
    expect(nextSigner(participantSigned)).toBe('PI');
    expect(documentTransition(participantSigned, 'sign')).toBe('COMPLETED');
  });

  it('once anyone signed, the request is neither resent nor cancelled (invalidate instead)', () => {
    const signed = doc({ status: 'IN_PROGRESS', piSignatureRequired: true, signed: ['PARTICIPANT'] });
    for (const action of ['resend', 'cancel', 'decline'] as const)
      expect(documentTransition(signed, action)).toBeNull();
  });

  it('an invalidated document changes no more', () => {
    for (const action of ['request', 'resend', 'cancel', 'decline', 'sign'] as const)
      expect(documentTransition(doc({ status: 'IN_PROGRESS', isInvalidate: true }), action)).toBeNull();
    expect(nextSigner(doc({ status: 'IN_PROGRESS', isInvalidate: true }))).toBeNull();
    expect(mayRequestPiSignature(doc({ isInvalidate: true }))).toBe(false);
  });

  it('the investigator is asked once, never on a completed document', () => {
    expect(mayRequestPiSignature(doc())).toBe(true);
    expect(mayRequestPiSignature(doc({ piSignatureRequired: true }))).toBe(false);
    expect(mayRequestPiSignature(doc({ status: 'COMPLETED' }))).toBe(false);
  });
});

describe('capturing a signature in a signing dialog', () => {
  const run = (...events: CaptureEvent[]) =>
    events.reduce<ReturnType<typeof captureTransition>>(
      (s, e) => (s ? captureTransition(s, e) : null),
      'SIGNATURE_INIT',
    );

  it('draw, finish, acquire, submit', () => {
    expect(run('draw')).toBe('IN_PROGRESS');
    expect(run('draw', 'finish')).toBe('COMPLETED');
    expect(run('draw', 'finish', 'acquire')).toBe('ACQUIRED');
    expect(run('draw', 'finish', 'acquire', 'submit')).toBe('SUBMITTED');
  });

  it('clearing resets; drawing again goes on; leaving starts over; nothing follows SUBMITTED', () => {
    expect(run('draw', 'clear')).toBe('RESET');
    expect(run('draw', 'clear', 'draw')).toBe('IN_PROGRESS');
    expect(run('draw', 'finish', 'acquire', 'clear')).toBe('RESET');
    expect(run('draw', 'finish', 'acquire', 'leave')).toBe('SIGNATURE_INIT');
    expect(run('finish')).toBeNull();
    expect(run('draw', 'acquire')).toBeNull();
    expect(run('draw', 'submit')).toBeNull();
    for (const e of ['draw', 'clear', 'finish', 'acquire', 'submit', 'leave'] as const)
      expect(captureTransition('SUBMITTED', e)).toBeNull();
  });

  it('E-109: only an acquired signature asks before leaving; E-110: cancelling asks once anything was given', () => {
    expect(SIGNATURE_STATES.filter(leavingAsks)).toEqual(['ACQUIRED']);
    expect(SIGNATURE_STATES.filter(cancellingAsks)).toEqual(['IN_PROGRESS', 'COMPLETED', 'ACQUIRED']);
  });
});
