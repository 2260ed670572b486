import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS, TOAST_POSITION, TOAST_TRANSITION_MS } from '@trialpath/domain';

/** Toasts: bottom centre, 2000 ms, 500 ms transitions (spec 000 §9); same settings as @trialpath/ui's ToastHost. */
export default function ToastHost() {
  return (
    <Notifications
      position={TOAST_POSITION}
      autoClose={TOAST_DURATION_MS}
      transitionDuration={TOAST_TRANSITION_MS}
      limit={5}
      zIndex={4000}
    />
  );
}
