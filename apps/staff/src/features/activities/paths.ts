/**
 * Where the activity screens live (000 §2.3, §2.4): the library's, a study's activities and data capture
 * forms under /activity-library, and the study's own routes under /studies/:studyId (a test twin stays
 * a twin). One activity's screens are tabs under a base path: `<base>/<tab>`.
 */
import { ACTIVITY_TYPES, type ActivityType } from '@trialpath/domain';

export const ACTIVITY_TABS = ['details', 'questions', 'review', 'export', 'advanced-scoring', 'preview'] as const;
export type ActivityTab = (typeof ACTIVITY_TABS)[number];
export const isActivityTab = (v: string | undefined): v is ActivityTab =>
  v !== undefined && (ACTIVITY_TABS as readonly string[]).includes(v);

/** A list of activities: the client's library, a study's activities, or a study's data capture forms. */
export type ListScope = { kind: 'library' } | { kind: 'study'; studyId: string } | { kind: 'forms'; studyId: string };

/** The kinds a list offers: a study's forms are data capture forms only; its activities the others. */
export function kindsOf(scope: ListScope): readonly ActivityType[] {
  if (scope.kind === 'forms') return ['dataCaptureForm'];
  if (scope.kind === 'study') return ACTIVITY_TYPES.filter((k) => k !== 'dataCaptureForm');
  return ACTIVITY_TYPES;
}

export const LIBRARY_HOME = '/activity-library/home';

export function listPath(scope: ListScope): string {
  switch (scope.kind) {
    case 'library':
      return LIBRARY_HOME;
    case 'study':
      return `/activity-library/study-activities/studies/${scope.studyId}`;
    case 'forms':
      return `/activity-library/data-capture-form/studies/${scope.studyId}`;
  }
}

/** An activity's screens from a list: the library's own, or the study list's variant. */
export function activityBase(scope: ListScope, activityId: string): string {
  return scope.kind === 'library'
    ? `/activity-library/activities/${activityId}`
    : `${listPath(scope)}/activities/${activityId}`;
}

/** The list an activity belongs to (its study's forms or activities, else the library). */
export function scopeOf(activity: { studyId: string | null; kind: ActivityType }): ListScope {
  if (!activity.studyId) return { kind: 'library' };
  return activity.kind === 'dataCaptureForm'
    ? { kind: 'forms', studyId: activity.studyId }
    : { kind: 'study', studyId: activity.studyId };
}

export interface ActivityPlace {
  activityId: string;
  /** The study the address names (null: the library's address). */
  studyId: string | null;
  /** The tab asked for; null when the address names none that exists. */
  tab: ActivityTab | null;
  /** The tab's address. */
  tabPath: (tab: ActivityTab) => string;
}

const PREVIEW_ROUTE = /\/epro\/([^/]+)\/preview$/;

/**
 * The place of an activity screen, from its route's parameters and address: which activity, which
 * tab (the study's configure-new-form opens the form builder, its epro preview the preview; the others
 * the details), and the addresses of the other tabs (the epro preview's are the study's epro screens).
 */
export function activityPlace(params: Readonly<Record<string, string | undefined>>, pathname: string): ActivityPlace {
  const activityId = params.activityId ?? params.eproId ?? params.edroId ?? params.surveyId ?? params.formId ?? '';
  const studyId = params.studyId ?? null;
  const path = pathname.replace(/\/+$/, '');
  let base: string;
  let tab: ActivityTab | null;
  if (PREVIEW_ROUTE.test(path) && params.tab === undefined) {
    base = path.replace(PREVIEW_ROUTE, `/study-details/epros/${activityId}`);
    tab = 'preview';
  } else if (params.tab !== undefined) {
    base = path.slice(0, path.length - params.tab.length - 1);
    tab = isActivityTab(params.tab) ? params.tab : null;
  } else {
    base = path;
    tab = /\/configure-new-form\/[^/]+$/.test(path) ? 'questions' : 'details';
  }
  return { activityId, studyId, tab, tabPath: (t) => `${base}/${t}` };
}
