/**
 * The analytics screens (000 §2.4 vis/*, G-003…G-016) and the menu that groups them under the spec's labels
 * (G-021…G-029; decision G-analytics-screens): which charts each screen shows. Pure, so it is tested alone.
 */
export const ANALYTICS_SCREENS = [
  'study-executive',
  'enrollment',
  'participant-status',
  'withdrawal',
  'study-engagement',
  'participant-completion',
  'study-completion',
  'participant-focus',
  'datapoints',
  'data-queries',
  'data-management',
  'compliance',
  'study-compliance',
] as const;
export type AnalyticsScreen = (typeof ANALYTICS_SCREENS)[number];

/** G-003: vis alone opens the executive summary. */
export const DEFAULT_SCREEN: AnalyticsScreen = 'study-executive';

export type ChartId =
  | 'queryCounts'
  | 'top5Country'
  | 'top5Site'
  | 'statusAnalytics'
  | 'enrollmentAnalytics'
  | 'topSitesMostActive'
  | 'fpiDays'
  | 'firstDataDays'
  | 'fastestSites'
  | 'totalWithdraw'
  | 'top10Withdrawal'
  | 'screenFailureReasons'
  | 'econsentVsUploaded'
  | 'econsentModeProportion'
  | 'quizCompletionProportion'
  | 'participantPercentCompleted'
  | 'activityCompletionOverview'
  | 'scheduledActivityCompletion'
  | 'datapointsBySite';

export const SCREEN_CHARTS: Readonly<Record<AnalyticsScreen, readonly ChartId[]>> = {
  'study-executive': ['queryCounts', 'top5Country', 'top5Site', 'statusAnalytics', 'enrollmentAnalytics'],
  enrollment: ['enrollmentAnalytics', 'topSitesMostActive', 'fpiDays', 'fastestSites'],
  'participant-status': ['statusAnalytics', 'top5Country', 'top5Site'],
  withdrawal: ['totalWithdraw', 'top10Withdrawal', 'screenFailureReasons'],
  'study-engagement': ['econsentVsUploaded', 'econsentModeProportion', 'quizCompletionProportion'],
  'participant-completion': ['participantPercentCompleted'],
  'study-completion': ['activityCompletionOverview', 'scheduledActivityCompletion'],
  'participant-focus': ['participantPercentCompleted', 'scheduledActivityCompletion', 'datapointsBySite'],
  datapoints: ['datapointsBySite', 'firstDataDays', 'fastestSites'],
  'data-queries': ['queryCounts'],
  'data-management': ['queryCounts', 'datapointsBySite', 'firstDataDays'],
  compliance: ['activityCompletionOverview', 'participantPercentCompleted'],
  'study-compliance': ['scheduledActivityCompletion', 'queryCounts'],
};

/** The menu (G-021…G-029): a label of the spec's, and the screens under it (Dashboards is the study dashboard). */
export type MenuLabel =
  | 'home'
  | 'dashboards'
  | 'recruitment'
  | 'enrollment'
  | 'econsents'
  | 'participantStatus'
  | 'analytics'
  | 'dataCollection'
  | 'content';

export const ANALYTICS_MENU: readonly { label: MenuLabel; screens: readonly AnalyticsScreen[] | 'dashboard' }[] = [
  { label: 'home', screens: ['study-executive'] },
  { label: 'dashboards', screens: 'dashboard' },
  { label: 'enrollment', screens: ['enrollment'] },
  { label: 'recruitment', screens: ['withdrawal'] },
  { label: 'econsents', screens: ['study-engagement'] },
  { label: 'participantStatus', screens: ['participant-status'] },
  { label: 'analytics', screens: ['participant-completion', 'study-completion', 'participant-focus'] },
  { label: 'dataCollection', screens: ['datapoints', 'data-queries', 'data-management'] },
  { label: 'content', screens: ['compliance', 'study-compliance'] },
];

export const isAnalyticsScreen = (s: string | undefined): s is AnalyticsScreen =>
  (ANALYTICS_SCREENS as readonly string[]).includes(s ?? '');
