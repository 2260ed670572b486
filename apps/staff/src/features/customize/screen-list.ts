/**
 * The customize and web screens of a study in the order of the navigation (000 §2.4; decision 0034):
 * the route table reads this list at start-up, so it stays apart from the section field specs
 * (screens.ts), which only the lazily loaded editors need.
 */
import type { StudyContentSection } from '@trialpath/domain';

export interface CustomizeScreen {
  id: string;
  /** The path under /studies/:studyId/. */
  path: string;
  group: 'customize' | 'web';
  sections: StudyContentSection[];
}

/** The screens in the order of the navigation. `library` is the overview of every section. */
export const CUSTOMIZE_SCREENS = [
  { id: 'library', path: 'customize/library', group: 'customize', sections: [] },
  { id: 'branding', path: 'customize/branding', group: 'customize', sections: ['branding'] },
  { id: 'onboarding', path: 'customize/onboarding', group: 'customize', sections: ['onboarding', 'welcomeScreens'] },
  { id: 'eligibility', path: 'customize/eligibility', group: 'customize', sections: ['eligibility'] },
  {
    id: 'engagementContent',
    path: 'customize/engagement-content',
    group: 'customize',
    sections: ['learnMore', 'infoScreens', 'feedback'],
  },
  { id: 'registration', path: 'customize/registration', group: 'customize', sections: ['registration'] },
  {
    id: 'appStore',
    path: 'customize/app-store',
    group: 'customize',
    sections: ['appDescription', 'videos', 'appAvailability', 'marketing'],
  },
  { id: 'webGlobal', path: 'web/global', group: 'web', sections: ['webGlobal'] },
  { id: 'webHomepage', path: 'web/homepage', group: 'web', sections: ['webHomepage'] },
  {
    id: 'webEligibilityScreening',
    path: 'web/eligibility-screening',
    group: 'web',
    sections: ['webEligibilityScreening'],
  },
  { id: 'webAgreement', path: 'web/agreement', group: 'web', sections: ['webAgreement'] },
  { id: 'webRegister', path: 'web/register', group: 'web', sections: ['webRegister'] },
  { id: 'webPublish', path: 'web/publish', group: 'web', sections: ['webPublish'] },
] as const satisfies readonly CustomizeScreen[];
export type CustomizeScreenId = (typeof CUSTOMIZE_SCREENS)[number]['id'];

/** The screen that edits a section (the library links to it). */
export function screenOfSection(section: StudyContentSection): CustomizeScreen | undefined {
  return CUSTOMIZE_SCREENS.find((s) => (s.sections as readonly string[]).includes(section));
}
