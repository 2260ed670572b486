import { notify } from '@trialpath/ui';
import { useState } from 'react';
import { ApiRequestError } from '../../shared/api';

/** The message of a refused sign-in call (4xx): the server's, which carries the spec text. */
export function clientErrorMessage(e: unknown): string | null {
  if (e instanceof ApiRequestError && e.status >= 400 && e.status < 500 && e.body?.message) return e.body.message;
  return null;
}

/** Toasts the message of a refused call; other failures are left to the API client's error rule (000 §8.1). */
export function toastClientError(e: unknown): string | null {
  const m = clientErrorMessage(e);
  if (m) notify(m, { kind: 'error' });
  return m;
}

/** The message above a form: what the server said when the form's last call was refused. */
export function useFormError() {
  const [error, setError] = useState<string | null>(null);
  return {
    error,
    clear: () => setError(null),
    /** Runs the form's call with the message cleared; a refusal is shown and toasted. */
    run: async (call: () => Promise<void>) => {
      setError(null);
      try {
        await call();
      } catch (e) {
        setError(toastClientError(e));
      }
    },
  };
}
