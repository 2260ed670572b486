/**
 * The rules of the feature pattern (decision 0019), checked on the app's real features and shown to fail
 * on broken ones: unique feature ids, route ids and paths; every route that says it has a test twin has
 * one in the router; every namespace has the same keys in English and Spanish.
 */
import { testTwinPath } from '@trialpath/domain';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { en as shellEn } from '../i18n/en';
import { es as shellEs } from '../i18n/es';
import type { Feature, Texts } from '../shared/feature';
import { FEATURES } from './features';
import { buildRoutes, isStudyRoute } from './router';
import { matchRoute, patternsOf, routesOf } from './route-table';

/** A path's shape for comparison: /a/:x and /a/:y are the same path. */
const shape = (path: string) => path.replace(/:\w+(\?)?/g, ':$1');

/** A concrete address of a pattern (parameters filled in, optional ones left out). */
const addressOf = (path: string) =>
  path
    .replace(':studyId', '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11')
    .replace(/\/:\w+\?/g, '')
    .replace(/:(\w+)/g, 'x-$1');

const duplicates = (values: string[]) => [...new Set(values.filter((v, i) => values.indexOf(v) !== i))];

/** Every full path the router serves (children joined to their parents; an index route is its parent's path). */
function routerPaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((r) => {
    const own = r.index ? parent : r.path?.startsWith('/') ? r.path : `${parent}/${r.path ?? ''}`.replace(/\/+$/, '');
    const here = r.index || r.element ? [own === '' ? '/' : own] : [];
    return r.children ? [...(r.element && !r.index ? [] : here), ...routerPaths(r.children, own)] : here;
  });
}

function routeProblems(features: readonly Feature[], build = buildRoutes): string[] {
  const problems: string[] = [];
  for (const id of duplicates(features.map((f) => f.id))) problems.push(`duplicate feature id ${id}`);
  const routes = routesOf(features);
  for (const id of duplicates(routes.map((r) => r.id))) problems.push(`duplicate route id ${id}`);
  const patterns = patternsOf(routes);
  for (const p of duplicates(patterns.map((r) => shape(r.pattern)))) problems.push(`duplicate route path ${p}`);
  const served = new Set(routerPaths(build(routes)).map(shape));
  for (const def of routes) {
    if (!served.has(shape(def.path))) problems.push(`${def.id}: ${def.path} is not in the router`);
    if (!def.twin) continue;
    const twin = testTwinPath(def.path);
    if (twin === def.path || !isStudyRoute(def.path)) {
      problems.push(`${def.id}: has a twin but ${def.path} is not a study route`);
      continue;
    }
    if (!served.has(shape(twin))) problems.push(`${def.id}: its twin ${twin} is not in the router`);
    const live = addressOf(def.path);
    const matched = matchRoute(testTwinPath(live), patterns);
    if (matched?.def.id !== def.id || !matched.twin) problems.push(`${def.id}: ${testTwinPath(live)} is not its twin`);
    if (matchRoute(live, patterns)?.twin !== false) problems.push(`${def.id}: ${live} is not its live route`);
  }
  return problems;
}

function keysOf(texts: Texts, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([k, v]) =>
    typeof v === 'string' ? [prefix + k] : keysOf(v, `${prefix}${k}.`),
  );
}

function parityProblems(namespace: string, en: Texts, es: Texts): string[] {
  const a = keysOf(en);
  const b = keysOf(es);
  return [
    ...a.filter((k) => !b.includes(k)).map((k) => `${namespace}: ${k} has no Spanish text`),
    ...b.filter((k) => !a.includes(k)).map((k) => `${namespace}: ${k} has no English text`),
  ];
}

async function textProblems(features: readonly Feature[]): Promise<string[]> {
  const problems = parityProblems('shell', shellEn, shellEs);
  for (const f of features) {
    const [en, es] = await Promise.all([f.texts.en(), f.texts.es()]);
    problems.push(...parityProblems(f.id, en.default, es.default));
  }
  return problems;
}

const texts = (t: Texts) => () => Promise.resolve({ default: t });
const NoScreen = () => null;
const feature = (id: string, routes: Feature['routes'], es: Texts = { g: { a: 'A' } }): Feature => ({
  id,
  texts: { en: texts({ g: { a: 'A' } }), es: texts(es) },
  routes,
});
const route = (id: string, path: string, twin?: boolean) => ({
  id,
  path,
  meta: { auth: true as const },
  twin,
  screen: { component: NoScreen },
});

describe('the app’s features (decision 0019)', () => {
  it('have unique ids, unique route ids and paths, and a twin for every route that says it has one', () => {
    expect(FEATURES.length).toBeGreaterThan(0);
    expect(routeProblems(FEATURES)).toEqual([]);
  });

  it('have the same keys in English and Spanish in every namespace (the shell’s too)', async () => {
    expect(await textProblems(FEATURES)).toEqual([]);
  });

  it('serve every study page and its test twin (000 §2.5)', () => {
    const twins = routesOf(FEATURES).filter((r) => r.twin);
    expect(twins.map((r) => r.id)).toEqual(expect.arrayContaining(['studyHome', 'studyDashboard']));
    for (const r of routesOf(FEATURES).filter((r) => isStudyRoute(r.path))) expect(r.twin, r.id).toBe(true);
  });
});

describe('the checks find broken features', () => {
  it('a duplicate feature id', () => {
    expect(routeProblems([feature('a', []), feature('a', [])])).toEqual(['duplicate feature id a']);
  });

  it('a duplicate route id or path, also across features and against a twin', () => {
    expect(routeProblems([feature('a', [route('x', '/x')]), feature('b', [route('x', '/y')])])).toEqual([
      'duplicate route id x',
    ]);
    expect(routeProblems([feature('a', [route('x', '/p/:id')]), feature('b', [route('y', '/p/:other')])])).toEqual([
      'duplicate route path /p/:',
    ]);
    expect(
      routeProblems([
        feature('a', [route('x', '/studies/:studyId/test/list'), route('y', '/studies/:studyId/list', true)]),
      ]),
    ).toEqual([
      'duplicate route path /studies/:/test/list',
      'y: /studies/0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11/test/list is not its twin',
    ]);
  });

  it('a route that says it has a twin but cannot have one', () => {
    // Its "twin" would be the same path again.
    expect(routeProblems([feature('a', [route('x', '/reports', true)])])).toEqual([
      'duplicate route path /reports',
      'x: has a twin but /reports is not a study route',
    ]);
  });

  it('a twin the router does not serve', () => {
    const features = [feature('a', [route('x', '/studies/:studyId/list', true)])];
    expect(routeProblems(features)).toEqual([]);
    const withoutTwins: typeof buildRoutes = (routes) => buildRoutes(routes?.map((r) => ({ ...r, twin: false })));
    expect(routeProblems(features, withoutTwins)).toEqual([
      'x: its twin /studies/:studyId/test/list is not in the router',
    ]);
  });

  it('a key missing in one language', async () => {
    expect(await textProblems([feature('a', [], { g: { b: 'B' } })])).toEqual([
      'a: g.a has no Spanish text',
      'a: g.b has no English text',
    ]);
  });
});
