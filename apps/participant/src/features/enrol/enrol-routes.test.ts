import { describe, expect, it } from 'vitest';
import { pathFromHash, segmentsOf } from '../../app/router';
import { decideStudyPage, PAGES, resolveRoute, studyPath } from '../../app/routes';
import { demoSession } from '../../shared/test-session';
import { parseLinkRoute } from './enrol-logic';

const route = (hash: string) => resolveRoute(segmentsOf(pathFromHash(hash)));
const STUDY = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const PID = '7a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('enrolment routes of the participant portal', () => {
  it('join, verify, an invitation’s register/{token} and the verify-link page', () => {
    expect(route('#/participants/web/DEMO/join')).toEqual({
      kind: 'study',
      studyCode: 'DEMO',
      page: 'join',
      params: {},
    });
    expect(route('#/participants/web/DEMO/verify')).toEqual({
      kind: 'study',
      studyCode: 'DEMO',
      page: 'verify',
      params: {},
    });
    expect(route('#/participants/web/DEMO/register/abc123')).toEqual({
      kind: 'study',
      studyCode: 'DEMO',
      page: 'register',
      params: { token: 'abc123' },
    });
    expect(route('#/participants/web/DEMO/verify-link/tok/ana%40example.org')).toEqual({
      kind: 'study',
      studyCode: 'DEMO',
      page: 'verify-link',
      params: { token: 'tok', email: 'ana@example.org', participantId: '' },
    });
    expect(route(`#/participants/web/DEMO/verify-link/tok/ana%40example.org/${PID}`)).toMatchObject({
      params: { participantId: PID },
    });
    expect(route('#/participants/web/DEMO/register')).toEqual({ kind: 'studyNotFound', studyCode: 'DEMO' });
    expect(route('#/participants/web/DEMO/verify-link/tok')).toEqual({ kind: 'studyNotFound', studyCode: 'DEMO' });
  });

  it('the e-mailed links of 000 §2.1 (D-025…D-028), outside the participants/web area, go to the link page', () => {
    const link = (hash: string) => {
      const r = route(hash);
      return r.kind === 'link' ? parseLinkRoute(r.segments) : r;
    };
    expect(link(`#/studies/${STUDY}/tok/ana%40example.org/verify-participant`)).toEqual({
      kind: 'verifyLink',
      studyId: STUDY,
      participantId: null,
      token: 'tok',
      email: 'ana@example.org',
    });
    for (const v of ['v2', 'v3'])
      expect(link(`#/studies/${STUDY}/${PID}/tok/ana@example.org/verify-participant-${v}`)).toEqual({
        kind: 'verifyLink',
        studyId: STUDY,
        participantId: PID,
        token: 'tok',
        email: 'ana@example.org',
      });
    expect(link('#/participant-reset-password/tok/en/es')).toEqual({
      kind: 'resetLink',
      token: 'tok',
      languageId: 'en',
      lang: 'es',
    });
    // shapes of no link: the link page says the link does not work; short paths are simply not found
    expect(link(`#/studies/${STUDY}/${PID}/tok/ana@example.org/verify-participant-v4`)).toBeNull();
    expect(link(`#/studies/${STUDY}/tok/ana@example.org/verify-participant-v2`)).toBeNull();
    expect(route('#/participant-reset-password/tok/en')).toEqual({ kind: 'notFound' });
    expect(route('#/studies/x')).toEqual({ kind: 'notFound' });
  });

  it('a signed-in participant of the study goes home from join and register; verify pages stay open', () => {
    expect(decideStudyPage(PAGES.join, 'DEMO', demoSession)).toEqual({
      kind: 'redirect',
      to: studyPath('DEMO', PAGES.home),
    });
    expect(decideStudyPage(PAGES.register, 'DEMO', demoSession)).toEqual({
      kind: 'redirect',
      to: studyPath('DEMO', PAGES.home),
    });
    expect(decideStudyPage(PAGES.verify, 'DEMO', demoSession)).toEqual({ kind: 'allow' });
    expect(decideStudyPage(PAGES.join, 'DEMO', null)).toEqual({ kind: 'allow' });
    expect(decideStudyPage(PAGES.verifyLink, 'DEMO', null)).toEqual({ kind: 'allow' });
  });
});
