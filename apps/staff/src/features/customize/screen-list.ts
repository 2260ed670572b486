/**
 * The customize and web screens of a study in the order of the navigation (000 §2.4; decision 0034): the
 * route table reads this list at start-up, so it holds only ids and paths (the group is the path's first
 * part); which sections each screen edits is in screens.ts, which only the lazily loaded editors need.
 */

/** The screens in the order of the navigation. `library` is the overview of every section. */
export const CUSTOMIZE_SCREENS = [
  { id: 'library', path: 'customize/library' },
  { id: 'branding', path: 'customize/branding' },
  { id: 'onboarding', path: 'customize/onboarding' },
  { id: 'eligibility', path: 'customize/eligibility' },
  { id: 'engagementContent', path: 'customize/engagement-content' },
  { id: 'registration', path: 'customize/registration' },
  { id: 'econsent', path: 'customize/econsent' },
  { id: 'multieconsent', path: 'customize/multieconsent' },
  { id: 'appStore', path: 'customize/app-store' },
  { id: 'webGlobal', path: 'web/global' },
  { id: 'webHomepage', path: 'web/homepage' },
  { id: 'webEligibilityScreening', path: 'web/eligibility-screening' },
  { id: 'webAgreement', path: 'web/agreement' },
  { id: 'webRegister', path: 'web/register' },
  { id: 'webPublish', path: 'web/publish' },
] as const satisfies readonly { id: string; path: string }[];
export type CustomizeScreenId = (typeof CUSTOMIZE_SCREENS)[number]['id'];
export type CustomizeScreen = (typeof CUSTOMIZE_SCREENS)[number];

/** The navigation group of a screen: the first part of its path. */
export const screenGroup = (s: { path: string }) => (s.path.startsWith('web/') ? 'web' : 'customize');
