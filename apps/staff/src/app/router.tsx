import { testTwinPath } from '@trialpath/domain';
import { PageNotFound } from '@trialpath/ui';
import type { ReactElement } from 'react';
import { createHashRouter, Outlet, type RouteObject } from 'react-router';
import {
  forgetValidatedStudies,
  setPreviousPathSource,
  studyEntryLoader,
  studyShouldRevalidate,
} from '../features/studies/study-entry';
import { loadFeatureTexts } from '../i18n';
import { onLoggedOut } from '../shared/api';
import { lazyComponent } from '../shared/lazy';
import { loadStaffMessages } from '../shared/staff-messages';
import { RouteError } from './RouteError';
import { PageLoader, RouteGuard } from './RouteGuard';
import { ROUTES, type RouteDef } from './route-table';
import { Shell } from './Shell';

/** The study area: its loader checks the study entry (000 §3) for every study route and its twin. */
export const STUDY_BASE = '/studies/:studyId';

export const isStudyRoute = (path: string) => path === STUDY_BASE || path.startsWith(`${STUDY_BASE}/`);

/** A route's screen; one loaded on demand arrives together with its feature's texts and the staff messages. */
function elementOf(def: RouteDef): ReactElement {
  const screen = def.screen;
  const Screen =
    'component' in screen
      ? screen.component
      : lazyComponent(() =>
          Promise.all([screen.load(), ...def.namespaces.map(loadFeatureTexts), loadStaffMessages()]).then(([c]) => c),
        );
  return <Screen />;
}

/** The router's routes for these feature routes: study routes (and their twins) under the study area. */
export function buildRoutes(routes: readonly RouteDef[] = ROUTES): RouteObject[] {
  const flat: RouteObject[] = [];
  const studyChildren: RouteObject[] = [];
  for (const def of routes) {
    const element = elementOf(def);
    if (!isStudyRoute(def.path)) {
      flat.push({ path: def.path, element });
      continue;
    }
    for (const full of def.twin ? [def.path, testTwinPath(def.path)] : [def.path]) {
      const rel = full.slice(STUDY_BASE.length).replace(/^\//, '');
      studyChildren.push(rel === '' ? { index: true, element } : { path: rel, element });
    }
  }
  return [
    ...flat,
    {
      path: STUDY_BASE,
      loader: studyEntryLoader,
      shouldRevalidate: studyShouldRevalidate,
      element: <Outlet />,
      children: studyChildren,
    },
    { path: '*', element: <PageNotFound homeHref="#/" /> },
  ];
}

function Root() {
  return (
    <Shell>
      <RouteGuard />
    </Shell>
  );
}

function RootError() {
  return (
    <Shell>
      <RouteError />
    </Shell>
  );
}

export function createAppRouter() {
  const router = createHashRouter([
    {
      element: <Root />,
      errorElement: <RootError />,
      hydrateFallbackElement: (
        <Shell>
          <PageLoader />
        </Shell>
      ),
      children: [{ errorElement: <RouteError />, children: buildRoutes() }],
    },
  ]);
  setPreviousPathSource(() => {
    if (!router.state.initialized) return null;
    const l = router.state.location;
    return `${l.pathname}${l.search}`;
  });
  onLoggedOut(forgetValidatedStudies);
  return router;
}
