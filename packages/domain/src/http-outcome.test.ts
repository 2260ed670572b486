import { describe, expect, it } from 'vitest';
import { decideHttpOutcome, type HttpOutcomeInput } from './http-outcome';

const base = { online: true };

describe('decideHttpOutcome (000 §8.1)', () => {
  it.each<[string, HttpOutcomeInput, unknown]>([
    ['401 TOKENEXPIRED', { ...base, status: 401, body: { type: 'TOKENEXPIRED' } }, { kind: 'refreshAndRetry' }],
    [
      '401 TOKENEXPIRED as string',
      { ...base, status: 401, body: '{"type":"TOKENEXPIRED"}' },
      { kind: 'refreshAndRetry' },
    ],
    ['401 other', { ...base, status: 401, body: { type: 'INVALID' } }, { kind: 'logout' }],
    ['401 no body', { ...base, status: 401 }, { kind: 'logout' }],
    ['401 e-signature', { ...base, status: 401, body: { electronicSignatureSignIn: true } }, { kind: 'done' }],
    [
      '419 participant with pid',
      { ...base, status: 419, isParticipantWithPid: true },
      { kind: 'participantRefreshAndRetry' },
    ],
    ['419 without pid', { ...base, status: 419 }, { kind: 'done' }],
    ['403 globalSignout', { ...base, status: 403, body: { globalSignout: true } }, { kind: 'logout' }],
    ['403 globalSignout string body', { ...base, status: 403, body: '{"globalSignout":"true"}' }, { kind: 'logout' }],
    [
      '403 studiesChanged',
      { ...base, status: 403, body: { studiesChanged: ['s1', 2, null] } },
      { kind: 'forbidden', removeStudyTokens: ['s1', '2'], refreshAndRetry: true, redirectToStudies: false },
    ],
    [
      '403 studyAccessChanged',
      { ...base, status: 403, body: { studyAccessChanged: true } },
      { kind: 'forbidden', removeStudyTokens: [], refreshAndRetry: true, redirectToStudies: false },
    ],
    [
      '403 plain',
      { ...base, status: 403, body: 'not json' },
      { kind: 'forbidden', removeStudyTokens: [], refreshAndRetry: false, redirectToStudies: true },
    ],
    [
      '403 array body',
      { ...base, status: 403, body: [1] },
      { kind: 'forbidden', removeStudyTokens: [], refreshAndRetry: false, redirectToStudies: true },
    ],
    ['0 offline staff', { status: 0, online: false }, { kind: 'warn', messageKey: 'network.offlineStaff' }],
    [
      '0 offline participant',
      { status: 0, online: false, portal: 'participant' },
      { kind: 'warn', messageKey: 'network.offlineParticipant' },
    ],
    ['-1 online', { status: -1, online: true }, { kind: 'warn', messageKey: 'network.serverIssue' }],
    ['NaN online', { status: Number.NaN, online: true }, { kind: 'warn', messageKey: 'network.serverIssue' }],
    ['501', { ...base, status: 501 }, { kind: 'warn', messageKey: 'network.serverIssue' }],
    ['502', { ...base, status: 502 }, { kind: 'warn', messageKey: 'network.serverIssue' }],
    ['503', { ...base, status: 503 }, { kind: 'warn', messageKey: 'network.serverIssue' }],
    ['504', { ...base, status: 504 }, { kind: 'warn', messageKey: 'network.serverIssue' }],
    ['505', { ...base, status: 505 }, { kind: 'done' }],
    ['500', { ...base, status: 500 }, { kind: 'fail' }],
    ['200', { ...base, status: 200, body: { ok: 1 } }, { kind: 'done' }],
    ['404', { ...base, status: 404 }, { kind: 'done' }],
  ])('%s', (_n, input, expected) => {
    expect(decideHttpOutcome(input)).toEqual(expected);
  });
});
