import { type Feature, studyPages } from '../../shared/feature';
import { CUSTOMIZE_SCREENS, type CustomizeScreenId } from './screen-list';

const load = () => import('./CustomizePage');
type Pages = Awaited<ReturnType<typeof load>>;

const SCREEN_COMPONENT: Record<CustomizeScreenId, keyof Pages> = {
  library: 'CustomizeLibraryPage',
  branding: 'CustomizeBrandingPage',
  onboarding: 'CustomizeOnboardingPage',
  eligibility: 'CustomizeEligibilityPage',
  engagementContent: 'CustomizeEngagementPage',
  registration: 'CustomizeRegistrationPage',
  econsent: 'CustomizeEconsentPage',
  multieconsent: 'CustomizeMultiEconsentPage',
  appStore: 'CustomizeAppStorePage',
  webGlobal: 'WebGlobalPage',
  webHomepage: 'WebHomepagePage',
  webEligibilityScreening: 'WebEligibilityScreeningPage',
  webAgreement: 'WebAgreementPage',
  webRegister: 'WebRegisterPage',
  webPublish: 'WebPublishPage',
};

/** A study's customize and web screens (000 §2.4; decision 0034), each with its test twin. */
export const customizeFeature: Feature = {
  id: 'customize',
  texts: { en: () => import('./customize.en'), es: () => import('./customize.es') },
  routes: studyPages(
    load,
    CUSTOMIZE_SCREENS.map((s) => [`customize.${s.id}`, s.path, SCREEN_COMPONENT[s.id]] as const),
  ),
};
