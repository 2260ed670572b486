/**
 * What a staff feature declares (decision 0019): its routes, each with its screen and, for study
 * routes, its test twin; and its texts, an i18next namespace named after the feature whose en and es
 * files live in the feature folder. The app collects the features (app/features.ts): the guard and the
 * router read the routes, and a feature's screens and texts are chunks of their own, loaded together
 * when one of its screens is first shown.
 */
import type { SUPPORTED_STAFF_LANGUAGES } from '@trialpath/domain';
import type { ComponentType } from 'react';

export type StaffLanguage = (typeof SUPPORTED_STAFF_LANGUAGES)[number];

/** Who may open a route (000 §2): `auth: true` needs a signed-in user, `auth: '*'` is open to anyone. */
export interface RouteMeta {
  auth: true | '*';
  /** Exists only in the cloud-identity authentication mode (000 §2.7); page-not-found otherwise. */
  cognitoOnly?: boolean;
  /** Exists only in demo mode. */
  demoOnly?: boolean;
}

/** A screen in the first chunk (`component`), or a chunk of its own loaded on demand (`load`). */
export type Screen = { component: ComponentType } | { load: () => Promise<ComponentType> };

export interface FeatureRoute {
  /** Unique across the app. */
  id: string;
  /** Path inside the hash, e.g. /reset-password/:token; unique across the app. */
  path: string;
  meta: RouteMeta;
  /**
   * A study route (under /studies/:studyId) with a test-environment twin under
   * /studies/:studyId/test/… (000 §2.5): the same screen on the study's test data.
   */
  twin?: boolean;
  screen: Screen;
}

/** A namespace's texts: groups of strings (plural forms as i18next's `_one` / `_other` keys). */
export interface Texts {
  readonly [key: string]: string | Texts;
}

/** The Spanish file's type: the English file's keys, any strings. */
export type TextsLike<T> = { [K in keyof T]: T[K] extends string ? string : TextsLike<T[K]> };

export type TextLoaders = Record<StaffLanguage, () => Promise<{ default: Texts }>>;

export interface Feature {
  /** Unique across the app; also the feature's i18next namespace. */
  id: string;
  /** The namespace's files, one chunk per language: `{ en: () => import('./x.en'), es: () => import('./x.es') }`. */
  texts: TextLoaders;
  /** Namespaces of other features whose texts this feature's screens also show; loaded with its own. */
  uses?: readonly string[];
  routes: readonly FeatureRoute[];
}

/** A screen loaded on demand from a named export: `lazyScreen(() => import('./StudiesPage'), 'StudiesPage')`. */
export function lazyScreen<M, K extends keyof M>(load: () => Promise<M>, name: K): Screen {
  return { load: () => load().then((m) => m[name] as ComponentType) };
}

/**
 * A feature's study pages, each with its test twin, from one module of pages (decision 0019: a feature's
 * screens are loaded together): `studyPages(() => import('./pages'), [['versionDiff', 'version-management/diff', 'VersionDiffPage']])`.
 */
export function studyPages<M>(
  load: () => Promise<M>,
  pages: readonly (readonly [id: string, path: string, component: keyof M])[],
): FeatureRoute[] {
  return pages.map(([id, path, component]) => ({
    id,
    path: `/studies/:studyId/${path}`,
    meta: { auth: true },
    twin: true,
    screen: lazyScreen(load, component),
  }));
}
