/**
 * The staff portal's route table with its metadata (000 §2): `auth: true` needs a signed-in user,
 * `auth: '*'` is open to anyone. `cognitoOnly` routes exist only in the cloud-identity
 * authentication mode (000 §2.7); `demoOnly` routes only in demo mode. Study routes get a test twin
 * under /studies/{studyId}/test/… (000 §2.5). Paths that are not here show page-not-found.
 */
import { testTwinPath } from '@trialpath/domain';
import { matchPath } from 'react-router';

export type RouteId =
  | 'login'
  | 'logout'
  | 'sso'
  | 'forgotPassword'
  | 'forgotPasswordViaUsername'
  | 'forgotUsername'
  | 'aboutYou'
  | 'resetPassword'
  | 'createPassword'
  | 'createPasswordAws'
  | 'register'
  | 'createUsername'
  | 'getCreateUsernameLink'
  | 'dontHaveUsername'
  | 'expireLink'
  | 'forgotPasswordOtp'
  | 'resetPasswordSendOtp'
  | 'verifyIdentity'
  | 'policy'
  | 'termsOfUse'
  | 'completeRegistration'
  | 'mailbox'
  | 'studies'
  | 'studyHome'
  | 'studyDashboard';

export interface RouteMeta {
  auth: true | '*';
  cognitoOnly?: boolean;
  demoOnly?: boolean;
  /** A route under /studies/{studyId}/ (has a test twin). */
  study?: boolean;
}

export interface RouteDef {
  id: RouteId;
  /** Path inside the hash, e.g. /reset-password/:token. */
  path: string;
  meta: RouteMeta;
}

const pub = (id: RouteId, path: string, extra: Partial<RouteMeta> = {}): RouteDef => ({
  id,
  path,
  meta: { auth: '*', ...extra },
});

export const ROUTES: readonly RouteDef[] = [
  // 000 §2.1 public routes
  pub('login', '/login'),
  pub('logout', '/logout'),
  pub('sso', '/'),
  pub('forgotPassword', '/forgot-password'),
  pub('forgotPasswordViaUsername', '/forgot-password-via-username', { cognitoOnly: true }),
  pub('forgotUsername', '/forgot-username', { cognitoOnly: true }),
  pub('aboutYou', '/about-you/:userId'),
  pub('resetPassword', '/reset-password/:token'),
  pub('createPassword', '/create-password/:token'),
  pub('createPasswordAws', '/create-password-aws/:username/:pwdChngInitByAdmin?', { cognitoOnly: true }),
  pub('register', '/register/:token'),
  pub('createUsername', '/create-username/:token', { cognitoOnly: true }),
  pub('getCreateUsernameLink', '/get-create-username-link'),
  pub('dontHaveUsername', '/dont-have-username', { cognitoOnly: true }),
  pub('expireLink', '/expire-link'),
  pub('forgotPasswordOtp', '/forgot-password-otp/:token/:mobile?'),
  pub('resetPasswordSendOtp', '/reset-password-send-otp/:token/:mobile?'),
  pub('verifyIdentity', '/verify-identity/:token/:mobile?', { cognitoOnly: true }),
  pub('policy', '/policy'),
  pub('termsOfUse', '/terms-of-use'),
  // Decision A-028: the guard's complete-registration route lives at /complete-registration/:token.
  pub('completeRegistration', '/complete-registration/:token', { cognitoOnly: true }),
  // Demo mailbox (demo mode only), public so reset and invitation links can be followed signed out.
  pub('mailbox', '/dev/mailbox', { demoOnly: true }),
  // Signed-in routes of this issue.
  { id: 'studies', path: '/studies', meta: { auth: true } },
  { id: 'studyHome', path: '/studies/:studyId', meta: { auth: true, study: true } },
  { id: 'studyDashboard', path: '/studies/:studyId/dashboard', meta: { auth: true, study: true } },
];

/**
 * Every routable pattern: the table plus the test twins of the study routes (000 §2.5). The twin of
 * /studies/:studyId/x is the domain's testTwinPath, /studies/:studyId/test/x (one rule for the app).
 */
export const ROUTE_PATTERNS: readonly { def: RouteDef; pattern: string; twin: boolean }[] = ROUTES.flatMap((def) =>
  def.meta.study
    ? [
        { def, pattern: def.path, twin: false },
        { def, pattern: testTwinPath(def.path), twin: true },
      ]
    : [{ def, pattern: def.path, twin: false }],
);

/** The route a hash path belongs to (exact match), or null. */
export function matchRoute(
  path: string,
): { def: RouteDef; twin: boolean; params: Record<string, string | undefined> } | null {
  for (const r of ROUTE_PATTERNS) {
    const m = matchPath({ path: r.pattern, end: true }, path);
    if (m) return { def: r.def, twin: r.twin, params: m.params };
  }
  return null;
}
