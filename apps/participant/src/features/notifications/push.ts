/**
 * Allowing push notifications on this device (001 §2, §7, §8; decision D-092), as pure steps over the browser's
 * APIs and the server's calls, both passed in (the screen gives the real ones, the tests fakes):
 * the browser's permission → the server's public key (001 §7 "obtain a device token with a public key") →
 * the service worker registered at its fixed path and scope (D-091) → the subscription made with that key (the
 * device token) → the device registered with the spec's payload (D-052, D-088). Any refusal or failure on the
 * way gives the spec's warning 'Please allow app to receive notifications.' (D-118).
 */
import type { DeviceRegistration, PushSubscriptionJson } from '@trialpath/contract';
import { DEVICE_APP_TYPE, DEVICE_PLATFORM_WEB, translate } from '@trialpath/domain';

/** D-092: the worker's file, served as a static file of the portal (apps/participant/public). */
export const PUSH_WORKER_FILE = 'push-worker.js';

/** The worker's script address and scope: the file at the portal's root, scoped to the whole portal. */
export function pushWorkerLocation(base: string): { scriptUrl: string; scope: string } {
  const scope = base.endsWith('/') ? base : `${base}/`;
  return { scriptUrl: `${scope}${PUSH_WORKER_FILE}`, scope };
}

export type Permission = 'default' | 'granted' | 'denied';

/** What the steps need of a push subscription (the browser's PushSubscription). */
export interface SubscriptionLike {
  readonly options?: { readonly applicationServerKey: ArrayBuffer | null };
  toJSON(): { endpoint?: string; expirationTime?: number | null; keys?: Record<string, string> };
  unsubscribe(): Promise<boolean>;
}

/** What the steps need of a service worker registration. */
export interface RegistrationLike {
  readonly pushManager: {
    getSubscription(): Promise<SubscriptionLike | null>;
    subscribe(options: {
      userVisibleOnly: true;
      applicationServerKey: Uint8Array<ArrayBuffer>;
    }): Promise<SubscriptionLike>;
  };
}

/** The browser's side: permission, the worker, its push manager. */
export interface PushBrowser {
  /** Service workers, the Push API and notifications are there, in a secure context. */
  readonly supported: boolean;
  permission(): Permission;
  requestPermission(): Promise<Permission>;
  /** Register the worker at scriptUrl with scope; resolves with the registration once its worker is active. */
  registerWorker(scriptUrl: string, scope: string): Promise<RegistrationLike>;
  /** The worker's registration for scope, if one exists (nothing is registered). */
  existingRegistration(scope: string): Promise<RegistrationLike | undefined>;
}

export interface DeviceRegistrationBody {
  participantId: string;
  studyId: string;
  pdDeviceToken: PushSubscriptionJson;
  pdDevicePlatform: typeof DEVICE_PLATFORM_WEB;
  pdRegistrationStatus: 'Registered';
  deviceId: string;
  appType: typeof DEVICE_APP_TYPE;
  id?: string;
}

/** The server's side (the contract's calls). */
export interface PushServer {
  publicKey(): Promise<string>;
  register(body: DeviceRegistrationBody): Promise<DeviceRegistration>;
  refuse(deviceId: string): Promise<unknown>;
}

export interface PushContext {
  browser: PushBrowser;
  server: PushServer;
  /** The signed-in participant (the session's pid), their study, this browser's device id. */
  identity: { participantId: string; studyId: string; deviceId: string };
  /** The portal's base address (`/participant/`). */
  base: string;
  lang: string;
}

export type EnableOutcome =
  | { ok: true; registration: DeviceRegistration }
  | { ok: false; reason: 'unsupported' | 'denied' | 'dismissed' | 'failed'; message: string };

/** base64url → bytes (the public key as `applicationServerKey`). */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
}

/** D-118: the one warning of a refused or failed registration. */
export function refusalMessage(lang: string): string {
  return translate('push.allowNotifications', undefined, lang);
}

/** The subscription for this key: the existing one when it was made with the same key, else a new one. */
async function subscribe(registration: RegistrationLike, publicKey: string): Promise<SubscriptionLike> {
  const key = base64UrlToBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameBytes(existing.options?.applicationServerKey, key)) return existing;
  if (existing) await existing.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** The device token as the server takes it, from the browser's subscription JSON. */
export function deviceToken(json: ReturnType<SubscriptionLike['toJSON']>): PushSubscriptionJson {
  const { endpoint, expirationTime, keys } = json;
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('The browser gave an incomplete subscription');
  return { endpoint, expirationTime: expirationTime ?? null, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/**
 * Allow: ask the browser (unless it has answered before), then key → worker → subscription → registration. A refusal
 * in the browser is recorded on the server as the participant's choice (best effort).
 */
export async function enablePush(ctx: PushContext): Promise<EnableOutcome> {
  const { browser, server, identity } = ctx;
  const refused = (reason: Exclude<EnableOutcome, { ok: true }>['reason']): EnableOutcome => ({
    ok: false,
    reason,
    message: refusalMessage(ctx.lang),
  });
  if (!browser.supported) return refused('unsupported');
  let permission = browser.permission();
  // Once denied, the browser does not ask again: only its settings can allow notifications.
  if (permission === 'default') {
    try {
      permission = await browser.requestPermission();
    } catch {
      return refused('failed');
    }
  }
  if (permission === 'denied') {
    await server.refuse(identity.deviceId).catch(() => undefined);
    return refused('denied');
  }
  if (permission !== 'granted') return refused('dismissed');
  try {
    const publicKey = await server.publicKey();
    const { scriptUrl, scope } = pushWorkerLocation(ctx.base);
    const registration = await browser.registerWorker(scriptUrl, scope);
    const subscription = await subscribe(registration, publicKey);
    const saved = await server.register({
      participantId: identity.participantId,
      studyId: identity.studyId,
      pdDeviceToken: deviceToken(subscription.toJSON()),
      pdDevicePlatform: DEVICE_PLATFORM_WEB,
      pdRegistrationStatus: 'Registered',
      deviceId: identity.deviceId,
      appType: DEVICE_APP_TYPE,
    });
    return { ok: true, registration: saved };
  } catch {
    return refused('failed');
  }
}

/** This browser's subscription dropped, best effort (turning notifications off, signing out). */
export async function dropBrowserSubscription(
  browser: Pick<PushBrowser, 'supported' | 'existingRegistration'>,
  base: string,
): Promise<void> {
  if (!browser.supported) return;
  try {
    const registration = await browser.existingRegistration(pushWorkerLocation(base).scope);
    const subscription = await registration?.pushManager.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // The browser's part is best effort: the server no longer sends to this device either way.
  }
}

/**
 * Not now / turn off: the browser's subscription is dropped (when there is one) and the refusal recorded on the
 * server. The server's answer decides: a failure there is thrown to the screen.
 */
export async function disablePush(ctx: Pick<PushContext, 'browser' | 'server' | 'identity' | 'base'>): Promise<void> {
  await dropBrowserSubscription(ctx.browser, ctx.base);
  await ctx.server.refuse(ctx.identity.deviceId);
}

export type ScreenState = 'unsupported' | 'blocked' | 'on' | 'ask';

/**
 * What the screen offers: on when this device is registered and the browser still allows notifications;
 * blocked when the browser denies them (the person must allow them in its settings); else the question.
 */
export function screenState(
  browser: Pick<PushBrowser, 'supported' | 'permission'>,
  registration: DeviceRegistration | null,
): ScreenState {
  if (!browser.supported) return 'unsupported';
  const permission = browser.permission();
  if (permission === 'denied') return 'blocked';
  if (permission === 'granted' && registration?.pdRegistrationStatus === 'Registered') return 'on';
  return 'ask';
}
