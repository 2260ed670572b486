/** The shell's own texts (namespace `shell`): header, menus, footer, page states. Each feature has its own namespace (decision 0019). */
export const en = {
  app: {
    name: 'Trialpath',
    portal: 'Staff portal',
    skipToContent: 'Skip to main content',
    language: 'Language',
    english: 'English',
    spanish: 'Español',
    signOut: 'Sign out',
    userMenu: 'Account menu',
    studies: 'Studies',
    activityLibrary: 'Activity library',
    mailbox: 'Demo mailbox',
    mainNav: 'Main navigation',
    loading: 'Loading',
    reload: 'Reload page',
    somethingWrong: 'Something went wrong',
    unexpectedError: 'An unexpected error occurred while showing this page.',
    sessionExpiredTitle: 'Session expired',
    testEnvironment: 'Test environment',
    signedInAs: 'Signed in as {{name}}',
    legal: 'Legal',
    privacyPolicy: 'Privacy policy',
    termsOfUse: 'Terms of use',
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Labels = Widen<typeof en>;
