/** Static interface strings of the participant portal, English. Spec message texts come from the domain catalogue. */
export const en = {
  app: {
    name: 'Trialpath',
    skipToContent: 'Skip to main content',
    loading: 'Loading…',
    retry: 'Try again',
  },
  language: {
    title: 'Choose your language',
    intro: 'Select the language and the country you live in. You can change them later.',
    languageLegend: 'Language',
    countryLabel: 'Country',
    countryPlaceholder: 'Select your country',
    continue: 'Continue',
    change: 'Language and country',
  },
  login: {
    title: 'Log in',
    intro: 'Sign in with the username and password you received from your study team.',
    username: 'Username',
    password: 'Password',
    submit: 'Log in',
    forgotUsername: 'Forgot username?',
    forgotPassword: 'Forgot password?',
  },
  forgotUsername: {
    title: 'Forgot username',
    intro: 'Enter the e-mail address you gave your study team. We will e-mail your username to it.',
    email: 'E-mail address',
    submit: 'Send my username',
    sent: 'If an account exists for this e-mail address, we have sent the username to it. Please check your inbox.',
  },
  forgotPassword: {
    title: 'Forgot password',
    intro: 'Enter your username. We will e-mail you a link to choose a new password.',
    username: 'Username',
    submit: 'Send reset link',
    sent: 'If the username exists, we have e-mailed a link to reset the password. The link expires, so please use it soon.',
  },
  resetPassword: {
    title: 'Choose a new password',
    intro: 'Enter your new password twice.',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    submit: 'Save new password',
    done: 'Your password has been changed. You can now log in with your new password.',
  },
  changePassword: {
    title: 'Change password',
    previousPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    submit: 'Change password',
    done: 'Your password has been changed.',
  },
  nav: {
    backToLogin: 'Back to log in',
    backToHome: 'Back to home',
    backToStart: 'Back to the study portal',
  },
  entry: {
    title: 'Welcome to your study portal',
    text: 'To take part, please open the link your study team sent you. It takes you straight to your study.',
  },
  prototype: {
    title: 'Prototype of study version {{number}}',
    text: 'For review only: this is how the study will look once this version is live. The link works until {{until}}.',
    goneTitle: 'This prototype link no longer works',
    goneText: 'It has expired or was withdrawn. Ask the study team for a new link.',
  },
  study: {
    notFoundTitle: 'Study not found',
    notFoundText: 'We could not find this study. Please open the link your study team sent you.',
    loadFailed: 'The study could not be loaded. Please check your connection and try again.',
  },
  notFound: {
    goToStart: 'Go to the start page',
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Resources = Widen<typeof en>;
