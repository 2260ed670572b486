import { describe, expect, it } from 'vitest';
import type { ParticipantSession } from '../shared/session';
import { pathFromHash, segmentsOf } from './router';
import { decideEntry, decideStudyPage, PAGES, resolveRoute, studyHref, studyIndexTarget, studyPath } from './routes';

const session: ParticipantSession = {
  pid: 'p-1',
  participantId: 'DEMO-US001-0001',
  username: 'participant.demo',
  studyCode: 'DEMO',
  accessToken: 'a',
  refreshToken: 'r',
};
const route = (hash: string) => resolveRoute(segmentsOf(pathFromHash(hash)));

describe('hash paths', () => {
  it.each([
    ['', '/'],
    ['#', '/'],
    ['#/', '/'],
    ['#/participants/web/', '/participants/web'],
    ['#/participants/web/DEMO/login?x=1', '/participants/web/DEMO/login'],
    ['#//participants//web/DEMO/', '/participants/web/DEMO'],
    ['#participants/web', '/participants/web'],
  ])('%j → %s', (hash, path) => expect(pathFromHash(hash)).toBe(path));

  it('decodes segments and keeps malformed escapes', () => {
    expect(segmentsOf('/a%20b/%E0%A4%A')).toEqual(['a b', '%E0%A4%A']);
  });

  it('builds study paths and hrefs with an encoded code', () => {
    expect(studyPath('DEMO', PAGES.login)).toBe('/participants/web/DEMO/login');
    expect(studyHref('DEMO', PAGES.resetPassword, 'tok/en')).toBe('#/participants/web/DEMO/reset-password/tok%2Fen');
  });
});

describe('route table', () => {
  it('opens the unsubscribe link of a participant’s e-mails on its own page (E-003)', () => {
    expect(route('#/participants/0b6f/unsubscribeemail?token=abc')).toEqual({
      kind: 'link',
      segments: ['participants', '0b6f', 'unsubscribeemail'],
    });
    expect(route('#/participants/0b6f/other')).toEqual({ kind: 'notFound' });
  });

  it('sends the bare portal address and the root to the entry', () => {
    expect(route('#/')).toEqual({ kind: 'entry' });
    expect(route('#/participants/web/')).toEqual({ kind: 'entry' });
  });

  it('resolves each study page', () => {
    for (const page of [
      'language',
      'login',
      'forgot-username',
      'forgot-password',
      'change-password',
      'home',
    ] as const) {
      expect(route(`#/participants/web/DEMO/${page}`)).toEqual({ kind: 'study', studyCode: 'DEMO', page, params: {} });
    }
    expect(route('#/participants/web/DEMO/reset-password/abc123')).toEqual({
      kind: 'study',
      studyCode: 'DEMO',
      page: 'reset-password',
      params: { token: 'abc123' },
    });
  });

  it('resolves the task list and a task page (tasks/{taskId})', () => {
    expect(route('#/participants/web/DEMO/tasks')).toEqual({
      kind: 'study',
      studyCode: 'DEMO',
      page: 'tasks',
      params: {},
    });
    expect(route('#/participants/web/DEMO/tasks/6f1c1e0e-4b7a-4c55-9d8e-2a0d1f6b9a01')).toEqual({
      kind: 'study',
      studyCode: 'DEMO',
      page: 'task',
      params: { taskId: '6f1c1e0e-4b7a-4c55-9d8e-2a0d1f6b9a01' },
    });
    expect(studyHref('DEMO', PAGES.tasks, 'abc')).toBe('#/participants/web/DEMO/tasks/abc');
    expect(route('#/participants/web/DEMO/tasks/a/b')).toEqual({ kind: 'studyNotFound', studyCode: 'DEMO' });
    expect(route('#/participants/web/DEMO/task')).toEqual({ kind: 'studyNotFound', studyCode: 'DEMO' });
    expect(route('#/participants/web/DEMO/task/abc')).toEqual({ kind: 'studyNotFound', studyCode: 'DEMO' });
  });

  it('sends the study address without a page to the study index', () => {
    expect(route('#/participants/web/DEMO')).toEqual({ kind: 'studyIndex', studyCode: 'DEMO' });
  });

  it('shows page-not-found for unknown pages and addresses', () => {
    expect(route('#/participants/web/DEMO/nope')).toEqual({ kind: 'studyNotFound', studyCode: 'DEMO' });
    expect(route('#/participants/web/DEMO/reset-password')).toEqual({ kind: 'studyNotFound', studyCode: 'DEMO' });
    expect(route('#/participants/web/DEMO/home/extra')).toEqual({ kind: 'studyNotFound', studyCode: 'DEMO' });
    expect(route('#/studies')).toEqual({ kind: 'notFound' });
    expect(route('#/participants/web/<script>/login')).toEqual({ kind: 'notFound' });
  });
});

describe('entry decision', () => {
  it('goes to the demo study language page in demo mode', () => {
    expect(decideEntry({ demoMode: true })).toEqual({ kind: 'redirect', to: '/participants/web/DEMO/language' });
  });
  it('asks for the study link otherwise, or when the client is unknown', () => {
    expect(decideEntry({ demoMode: false })).toEqual({ kind: 'openYourLink' });
    expect(decideEntry(null)).toEqual({ kind: 'openYourLink' });
  });
  it('sends a returning person to the study this device last opened, before the demo (001 §9)', () => {
    expect(decideEntry({ demoMode: true }, 'ONC-7')).toEqual({ kind: 'redirect', to: '/participants/web/ONC-7/home' });
    expect(decideEntry(null, 'ONC-7')).toEqual({ kind: 'redirect', to: '/participants/web/ONC-7/home' });
  });
});

describe('navigation guard', () => {
  it('sends a signed-out visitor of a protected page to the study login', () => {
    expect(decideStudyPage(PAGES.home, 'DEMO', null)).toEqual({ kind: 'redirect', to: '/participants/web/DEMO/login' });
    expect(decideStudyPage(PAGES.changePassword, 'DEMO', null)).toEqual({
      kind: 'redirect',
      to: '/participants/web/DEMO/login',
    });
  });

  it('keeps the tasks pages for the signed-in participant of the study', () => {
    for (const page of [PAGES.tasks, PAGES.task]) {
      expect(decideStudyPage(page, 'DEMO', null)).toEqual({ kind: 'redirect', to: '/participants/web/DEMO/login' });
      expect(decideStudyPage(page, 'OTHER', session)).toEqual({
        kind: 'redirect',
        to: '/participants/web/OTHER/login',
      });
      expect(decideStudyPage(page, 'DEMO', session)).toEqual({ kind: 'allow' });
    }
  });

  it('treats a session of another study as signed out', () => {
    expect(decideStudyPage(PAGES.home, 'OTHER', session)).toEqual({
      kind: 'redirect',
      to: '/participants/web/OTHER/login',
    });
  });

  it('lets a signed-in participant in, and sends them home from the login page', () => {
    expect(decideStudyPage(PAGES.home, 'DEMO', session)).toEqual({ kind: 'allow' });
    expect(decideStudyPage(PAGES.home, 'demo', session)).toEqual({ kind: 'allow' });
    expect(decideStudyPage(PAGES.login, 'DEMO', session)).toEqual({
      kind: 'redirect',
      to: '/participants/web/DEMO/home',
    });
  });

  it('keeps the public pages open to everybody', () => {
    for (const page of [PAGES.language, PAGES.forgotPassword, PAGES.forgotUsername, PAGES.resetPassword]) {
      expect(decideStudyPage(page, 'DEMO', null)).toEqual({ kind: 'allow' });
      expect(decideStudyPage(page, 'DEMO', session)).toEqual({ kind: 'allow' });
    }
  });

  it('starts a study at home when signed in, else at the language page', () => {
    expect(studyIndexTarget('DEMO', session)).toBe('/participants/web/DEMO/home');
    expect(studyIndexTarget('DEMO', null)).toBe('/participants/web/DEMO/language');
  });
});

describe('the notification permission screen (D-040, decision D-092)', () => {
  it('is a page of the study at #/participants/web/{studyCode}/notifications', () => {
    expect(studyHref('DEMO', PAGES.notifications)).toBe('#/participants/web/DEMO/notifications');
    expect(route('#/participants/web/DEMO/notifications')).toEqual({
      kind: 'study',
      studyCode: 'DEMO',
      page: 'notifications',
      params: {},
    });
    expect(route('#/participants/web/DEMO/notifications/extra')).toEqual({ kind: 'studyNotFound', studyCode: 'DEMO' });
  });

  it('is for the signed-in participant of the study only', () => {
    expect(decideStudyPage(PAGES.notifications, 'DEMO', null)).toEqual({
      kind: 'redirect',
      to: '/participants/web/DEMO/login',
    });
    expect(decideStudyPage(PAGES.notifications, 'OTHER', session)).toEqual({
      kind: 'redirect',
      to: '/participants/web/OTHER/login',
    });
    expect(decideStudyPage(PAGES.notifications, 'DEMO', session)).toEqual({ kind: 'allow' });
  });
});

describe('the consent page (D-034, D-035)', () => {
  it('is a page of the study at #/participants/web/{studyCode}/consent', () => {
    expect(studyHref('DEMO', PAGES.consent)).toBe('#/participants/web/DEMO/consent');
    expect(route('#/participants/web/DEMO/consent')).toEqual({
      kind: 'study',
      studyCode: 'DEMO',
      page: 'consent',
      params: {},
    });
    expect(route('#/participants/web/DEMO/consent/extra')).toEqual({ kind: 'studyNotFound', studyCode: 'DEMO' });
  });

  it('is for the signed-in participant of the study only', () => {
    expect(decideStudyPage(PAGES.consent, 'DEMO', null)).toEqual({
      kind: 'redirect',
      to: '/participants/web/DEMO/login',
    });
    expect(decideStudyPage(PAGES.consent, 'OTHER', session)).toEqual({
      kind: 'redirect',
      to: '/participants/web/OTHER/login',
    });
    expect(decideStudyPage(PAGES.consent, 'DEMO', session)).toEqual({ kind: 'allow' });
  });
});

describe('the study documents (D-036, D-037)', () => {
  it('are pages of the study at …/overview and …/documents, open before sign-in too', () => {
    for (const page of [PAGES.overview, PAGES.documents]) {
      expect(route(`#/participants/web/DEMO/${page}`)).toEqual({ kind: 'study', studyCode: 'DEMO', page, params: {} });
      expect(decideStudyPage(page, 'DEMO', null)).toEqual({ kind: 'allow' });
      expect(decideStudyPage(page, 'DEMO', session)).toEqual({ kind: 'allow' });
    }
  });
});

describe('every page has an address', () => {
  it('each page without parameters opens at …/{page}: a new page cannot be left out of the route table', () => {
    const withParams: string[] = [PAGES.resetPassword, PAGES.register, PAGES.verifyLink, PAGES.task];
    for (const page of Object.values(PAGES).filter((p) => !withParams.includes(p)))
      expect(route(`#/participants/web/DEMO/${page}`)).toEqual({ kind: 'study', studyCode: 'DEMO', page, params: {} });
  });

  it('the record-linkage screen (decision D-138) is a page of the study for the signed-in participant', () => {
    expect(route('#/participants/web/DEMO/record-linkage')).toMatchObject({ kind: 'study', page: PAGES.recordLinkage });
    expect(decideStudyPage(PAGES.recordLinkage, 'DEMO', null)).toMatchObject({ kind: 'redirect' });
    expect(decideStudyPage(PAGES.recordLinkage, 'DEMO', session)).toEqual({ kind: 'allow' });
  });
});
