/**
 * The single sign-on and study build message tables (`@trialpath/domain/staff-messages`) join the
 * catalogue on demand: every signed-in screen and the study entry wait for them, together with their
 * own chunk and texts, so the sign-in page's first load goes without them (DESIGN §5, decision 0036).
 */
let loading: Promise<unknown> | undefined;

export function loadStaffMessages(): Promise<unknown> {
  loading ??= import('@trialpath/domain/staff-messages').catch((error: unknown) => {
    loading = undefined; // a failed chunk is tried again on the next screen
    throw error;
  });
  return loading;
}
