import { isTestTwinPath, testTwinPath } from '@trialpath/domain';
import { describe, expect, it } from 'vitest';
import { matchRoute, ROUTE_PATTERNS, ROUTES } from './route-table';

const STUDY_ID = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const withParams = (path: string) =>
  path
    .replace(':studyId', STUDY_ID)
    .replace(/\/:[A-Za-z]+\?/g, '')
    .replace(/:([A-Za-z]+)/g, 'x-$1');

const studyRoutes = ROUTES.filter((r) => r.path.startsWith('/studies/:studyId'));

describe('study routes and their test twins (000 §2.5, A-006)', () => {
  it('has study routes to check', () => {
    expect(studyRoutes.map((r) => r.id)).toEqual(expect.arrayContaining(['studyHome', 'studyDashboard']));
  });

  it.each(studyRoutes.map((r) => [r.id, r] as const))('%s is a study route with a test twin', (_id, def) => {
    expect(def.meta.study).toBe(true);
    expect(ROUTE_PATTERNS.filter((p) => p.def === def).map((p) => [p.pattern, p.twin])).toEqual([
      [def.path, false],
      [testTwinPath(def.path), true],
    ]);
  });

  it.each(studyRoutes.map((r) => [r.id, r] as const))(
    'the twin of %s, with a real study id, is matched as the twin of the same route',
    (_id, def) => {
      const live = withParams(def.path);
      const twin = testTwinPath(live);
      expect(twin).toBe(live.replace(`/studies/${STUDY_ID}`, `/studies/${STUDY_ID}/test`));
      expect(isTestTwinPath(twin)).toBe(true);
      expect(matchRoute(live)).toMatchObject({ def: { id: def.id }, twin: false, params: { studyId: STUDY_ID } });
      expect(matchRoute(twin)).toMatchObject({ def: { id: def.id }, twin: true, params: { studyId: STUDY_ID } });
    },
  );

  it('only study routes have twins', () => {
    for (const def of ROUTES.filter((r) => !r.path.startsWith('/studies/:studyId'))) {
      expect(def.meta.study, def.id).toBeFalsy();
      expect(
        ROUTE_PATTERNS.filter((p) => p.def === def && p.twin),
        def.id,
      ).toEqual([]);
    }
  });
});
