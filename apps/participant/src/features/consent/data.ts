/**
 * The consent screens' reads on the portal's cache, and the text of a failed call. The participant's
 * consents are theirs alone: when another participant (or nobody) signs in, the cached answer is dropped.
 */
import { ApiRequestError, getMyConsents, type ResponseOf } from '@trialpath/contract';
import { serverMessageText } from '@trialpath/domain';
import { queries } from '../../shared/data';
import { networkText } from '../../shared/errors';
import { session } from '../../shared/portal';

export type MyConsents = ResponseOf<typeof getMyConsents>;
export type MyConsentItem = MyConsents['items'][number];

let signedInPid = session.get()?.pid ?? null;
session.subscribe(() => {
  const pid = session.get()?.pid ?? null;
  if (pid === signedInPid) return;
  signedInPid = pid;
  queries.remove(getMyConsents);
});

/** The server's message of a failed call in the participant's language, the network text, or `fallback`. */
export function callFailureText(error: unknown, lang: string, fallback: string, online = navigator.onLine): string {
  if (error instanceof ApiRequestError) {
    if (error.status <= 0) return networkText(online, lang);
    const server = serverMessageText(error.body, lang);
    if (server) return server;
  }
  return fallback;
}

/** Whether a consent still waits for the participant's signature (never signed, or changed since). */
export const needsSignature = (item: Pick<MyConsentItem, 'status'>) => item.status !== 'SIGNED';
