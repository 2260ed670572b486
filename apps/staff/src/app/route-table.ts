/**
 * The routes of every feature (app/features.ts), with the test twins of the study routes (000 §2.5).
 * Paths that are not here show page-not-found.
 */
import { testTwinPath } from '@trialpath/domain';
import { matchPath } from 'react-router';
import type { Feature, FeatureRoute } from '../shared/feature';
import { FEATURES } from './features';

export type { RouteMeta } from '../shared/feature';

/** A feature's route, with the feature (its namespace) it belongs to and every namespace its screen shows. */
export interface RouteDef extends FeatureRoute {
  feature: string;
  namespaces: readonly string[];
}

export interface RoutePattern {
  def: RouteDef;
  pattern: string;
  twin: boolean;
}

export function routesOf(features: readonly Feature[]): RouteDef[] {
  return features.flatMap((f) => f.routes.map((r) => ({ ...r, feature: f.id, namespaces: [f.id, ...(f.uses ?? [])] })));
}

/**
 * Every routable pattern: each route plus the test twin of each route that has one. The twin of
 * /studies/:studyId/x is the domain's testTwinPath, /studies/:studyId/test/x (one rule for the app).
 */
export function patternsOf(routes: readonly RouteDef[]): RoutePattern[] {
  return routes.flatMap((def) => [
    { def, pattern: def.path, twin: false },
    ...(def.twin ? [{ def, pattern: testTwinPath(def.path), twin: true }] : []),
  ]);
}

export const ROUTES: readonly RouteDef[] = routesOf(FEATURES);
export const ROUTE_PATTERNS: readonly RoutePattern[] = patternsOf(ROUTES);

/** The route a hash path belongs to (exact match), or null. */
export function matchRoute(
  path: string,
  patterns: readonly RoutePattern[] = ROUTE_PATTERNS,
): { def: RouteDef; twin: boolean; params: Record<string, string | undefined> } | null {
  for (const r of patterns) {
    const m = matchPath({ path: r.pattern, end: true }, path);
    if (m) return { def: r.def, twin: r.twin, params: m.params };
  }
  return null;
}
