import { Notifications, notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS, TOAST_POSITION, TOAST_TRANSITION_MS } from '@trialpath/domain';
import { uiLabel } from './i18n';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export interface ToastOptions {
  kind?: ToastKind;
  title?: string;
  /** Display time in ms (default TOAST_DURATION_MS, spec 000 §9). */
  autoClose?: number | false;
}

/** What a toaster needs from the notification system (Mantine in the app, a fake in tests). */
export interface ToastSink {
  show(input: {
    id: string;
    message: string;
    title?: string;
    kind: ToastKind;
    autoClose: number | false;
    onClose: () => void;
  }): void;
}

function currentLanguage(): string {
  return (typeof document !== 'undefined' && document.documentElement.lang) || 'en';
}

const COLORS: Record<ToastKind, string> = { success: 'teal', error: 'red', warning: 'orange', info: 'blue' };

const mantineSink: ToastSink = {
  show({ id, message, title, kind, autoClose, onClose }) {
    notifications.show({
      id,
      message,
      title,
      color: COLORS[kind],
      autoClose,
      withCloseButton: true,
      closeButtonProps: { 'aria-label': uiLabel('close', currentLanguage()) },
      onClose,
    });
  },
};

/**
 * A toaster that never shows the same message twice at once (spec 000 §9 "no duplicates"):
 * while a toast with a given text is on screen, another request for that text is ignored.
 */
export function createToaster(sink: ToastSink = mantineSink) {
  const active = new Map<string, string>();
  let seq = 0;
  return {
    notify(message: string | null | undefined, options: ToastOptions = {}): string | null {
      const text = typeof message === 'string' ? message.trim() : '';
      if (!text) return null;
      const existing = active.get(text);
      if (existing) return existing;
      seq += 1;
      const id = `toast-${seq}`;
      active.set(text, id);
      sink.show({
        id,
        message: text,
        title: options.title,
        kind: options.kind ?? 'info',
        autoClose: options.autoClose ?? TOAST_DURATION_MS,
        onClose: () => {
          if (active.get(text) === id) active.delete(text);
        },
      });
      return id;
    },
    /** Messages currently on screen (for tests and diagnostics). */
    activeMessages(): string[] {
      return [...active.keys()];
    },
  };
}

const defaultToaster = createToaster();

/** Show a toast (deduplicated by message). */
export function notify(message: string | null | undefined, options?: ToastOptions): string | null {
  return defaultToaster.notify(message, options);
}

/** The toast host: bottom centre, 2000 ms, 500 ms transitions (spec 000 §9). Render once at the root. */
export function ToastHost() {
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
