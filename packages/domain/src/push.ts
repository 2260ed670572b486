/**
 * Web Push for the participant portal (001 §2, §3, §7, §8; decision D-092): the device registration's fixed
 * values and statuses, and the rules a push subscription must meet before the server will ever send to it.
 * Pure: the server refuses what breaks these, the portal's screen reads the same constants.
 */
import type { MessageKey } from './messages/catalogue';

/** 001 §3, §9: a web device registers with platform Web and app type StudyApp. */
export const DEVICE_PLATFORM_WEB = 'Web';
export const DEVICE_APP_TYPE = 'StudyApp';

/**
 * A registration's status: Registered (the subscription is used), Refused (the participant said no, or
 * turned notifications off on this device), Gone (the push service answered 404/410: the browser dropped
 * the subscription), Replaced (the same subscription was registered by another sign-in on this browser),
 * SignedOut (the participant signed out on this device: a shared phone gets none of their reminders until
 * they sign in and turn notifications on again).
 */
export const DEVICE_REGISTRATION_STATUSES = ['Registered', 'Refused', 'Gone', 'Replaced', 'SignedOut'] as const;
export type DeviceRegistrationStatus = (typeof DEVICE_REGISTRATION_STATUSES)[number];

/**
 * The browsers' push services (Chrome, Edge, Opera, Samsung Internet: FCM; Firefox: Mozilla autopush;
 * Safari: Apple; legacy Edge: WNS). A host matches itself or any sub-domain of an entry. The server sends
 * only to these (and to hosts the operator adds), so a participant cannot make it post to any address.
 */
export const KNOWN_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

/** Byte lengths of the subscription's keys (RFC 8291): an uncompressed P-256 point and a 16-byte secret. */
export const PUSH_P256DH_BYTES = 65;
export const PUSH_AUTH_BYTES = 16;
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The number of bytes a base64url text decodes to, or null when it is not base64url. */
export function base64UrlByteLength(text: string): number | null {
  if (!BASE64URL.test(text)) return null;
  const bare = text.replace(/=+$/, '');
  if (bare.length % 4 === 1) return null;
  return Math.floor((bare.length * 3) / 4);
}

/** The first byte of a base64url text (0x04 marks an uncompressed point), or null. */
function firstByte(text: string): number | null {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const a = alphabet.indexOf(text[0] ?? '');
  const b = alphabet.indexOf(text[1] ?? '');
  return a < 0 || b < 0 ? null : (a << 2) | (b >> 4);
}

/** Whether a text is a subscription's p256dh key: base64url of 65 bytes, an uncompressed point (0x04 …). */
export function isPushP256dh(text: string): boolean {
  return base64UrlByteLength(text) === PUSH_P256DH_BYTES && firstByte(text) === 0x04;
}

/** Whether a text is a subscription's auth secret: base64url of 16 bytes. */
export function isPushAuthSecret(text: string): boolean {
  return base64UrlByteLength(text) === PUSH_AUTH_BYTES;
}

/** host[:port] of an address, lower case (the default port left out). */
function hostOf(url: URL): string {
  return url.port ? `${url.hostname}:${url.port}` : url.hostname;
}

/** Whether a host is one of the known push services or one the operator added (exact host[:port]). */
export function isAllowedPushHost(host: string, extraHosts: readonly string[] = []): boolean {
  const h = host.toLowerCase();
  if (extraHosts.some((x) => x.trim().toLowerCase() === h)) return true;
  if (h.includes(':')) return false;
  return KNOWN_PUSH_SERVICE_HOSTS.some((known) => h === known || h.endsWith(`.${known}`));
}

/** An https address without user or password, or null. */
function httpsUrl(endpoint: string): URL | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  return url.protocol === 'https:' && url.username === '' && url.password === '' && url.hostname !== '' ? url : null;
}

/** Whether an endpoint is an https address (the contract's shape rule; the push service is checked apart). */
export function isHttpsEndpoint(endpoint: string): boolean {
  return httpsUrl(endpoint) !== null;
}

/**
 * What is wrong with a subscription's endpoint, or null: it must be an https address without user or
 * password, of a push service the server sends to.
 */
export function pushEndpointProblem(endpoint: string, extraHosts: readonly string[] = []): MessageKey | null {
  const url = httpsUrl(endpoint);
  if (!url) return 'push.endpointNotHttps';
  if (!isAllowedPushHost(hostOf(url), extraHosts)) return 'push.endpointUnknownService';
  return null;
}
