import { type Feature, lazyScreen } from '../../shared/feature';
import { NotFoundScreen } from '../../shared/NotFoundScreen';
import { LoginPage } from './LoginPage';

// Cloud-identity-only routes (000 §2.7) are reached only when the client runs in that authentication
// mode, which this server never reports (decision A-028): the guard shows page-not-found first.
const cloudIdentityOnly = { screen: { component: NotFoundScreen }, meta: { auth: '*', cognitoOnly: true } } as const;
const open = { auth: '*' } as const;

/** Sign-in, sign-out, passwords, registration and the account-link support pages (000 §2.1). */
export const authFeature: Feature = {
  id: 'auth',
  texts: { en: () => import('./auth.en'), es: () => import('./auth.es') },
  routes: [
    // Sign-in is in the first chunk; every other screen loads on demand.
    { id: 'login', path: '/login', meta: open, screen: { component: LoginPage } },
    { id: 'logout', path: '/logout', meta: open, screen: lazyScreen(() => import('./LogoutPage'), 'LogoutPage') },
    { id: 'sso', path: '/', meta: open, screen: lazyScreen(() => import('./SsoLanding'), 'SsoLanding') },
    {
      id: 'forgotPassword',
      path: '/forgot-password',
      meta: open,
      screen: lazyScreen(() => import('./ForgotPasswordPage'), 'ForgotPasswordPage'),
    },
    { id: 'forgotPasswordViaUsername', path: '/forgot-password-via-username', ...cloudIdentityOnly },
    { id: 'forgotUsername', path: '/forgot-username', ...cloudIdentityOnly },
    {
      id: 'aboutYou',
      path: '/about-you/:userId',
      meta: open,
      screen: lazyScreen(() => import('./AboutYouPage'), 'AboutYouPage'),
    },
    {
      id: 'resetPassword',
      path: '/reset-password/:token',
      meta: open,
      screen: lazyScreen(() => import('./PasswordTokenPage'), 'ResetPasswordPage'),
    },
    {
      id: 'createPassword',
      path: '/create-password/:token',
      meta: open,
      screen: lazyScreen(() => import('./PasswordTokenPage'), 'CreatePasswordPage'),
    },
    { id: 'createPasswordAws', path: '/create-password-aws/:username/:pwdChngInitByAdmin?', ...cloudIdentityOnly },
    {
      id: 'register',
      path: '/register/:token',
      meta: open,
      screen: lazyScreen(() => import('./RegisterPage'), 'RegisterPage'),
    },
    { id: 'createUsername', path: '/create-username/:token', ...cloudIdentityOnly },
    {
      id: 'getCreateUsernameLink',
      path: '/get-create-username-link',
      meta: open,
      screen: lazyScreen(() => import('./SupportPages'), 'GetCreateUsernameLinkPage'),
    },
    { id: 'dontHaveUsername', path: '/dont-have-username', ...cloudIdentityOnly },
    {
      id: 'expireLink',
      path: '/expire-link',
      meta: open,
      screen: lazyScreen(() => import('./SupportPages'), 'ExpireLinkPage'),
    },
    // One-time-code flows: the code page of a sent challenge, and sending a code in the reset flow.
    {
      id: 'forgotPasswordOtp',
      path: '/forgot-password-otp/:token/:mobile?',
      meta: open,
      screen: lazyScreen(() => import('./OtpPages'), 'ForgotPasswordOtpPage'),
    },
    {
      id: 'resetPasswordSendOtp',
      path: '/reset-password-send-otp/:token/:mobile?',
      meta: open,
      screen: lazyScreen(() => import('./OtpPages'), 'ResetPasswordSendOtpPage'),
    },
    { id: 'verifyIdentity', path: '/verify-identity/:token/:mobile?', ...cloudIdentityOnly },
    // Decision A-028: the guard's complete-registration route lives at /complete-registration/:token.
    { id: 'completeRegistration', path: '/complete-registration/:token', ...cloudIdentityOnly },
  ],
};
