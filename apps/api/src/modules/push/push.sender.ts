/**
 * The Web Push plumbing (decision D-092): the VAPID key pair (made here, its private key sealed under the
 * server's secret) and one push sent to a push service with `web-push` (RFC 8030 delivery, RFC 8291 aes128gcm
 * payload encryption, RFC 8292 VAPID), its answer read as sent, gone, to retry or refused.
 */
import { createCipheriv, createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import webpush from 'web-push';
import type { AppConfig } from '../../config';
import type { StoredSubscription } from '../../db/schema';

const SEAL_VERSION = 'v1';

/** The sealing key: HKDF-SHA256 of the server secret, for this use only. */
function sealingKey(secret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'trialpath-push-vapid', 'VAPID private key sealing', 32));
}

/** A new VAPID key pair: the public key as is, the private key sealed (AES-256-GCM, bound to the public key). */
export function newVapidKeys(secret: Uint8Array): { publicKey: string; privateKeySealed: string } {
  const keys = webpush.generateVAPIDKeys();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret), iv);
  cipher.setAAD(Buffer.from(keys.publicKey));
  const sealed = Buffer.concat([cipher.update(keys.privateKey, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url'));
  return { publicKey: keys.publicKey, privateKeySealed: [SEAL_VERSION, ...parts].join('.') };
}

/** The private key, or null when this server's secret does not open it (the secret was changed). */
export function unsealPrivateKey(publicKey: string, sealed: string, secret: Uint8Array): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== SEAL_VERSION || !iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(publicKey));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Whether a base64url text is a point of P-256 (the browser's p256dh key): the encryption needs one. */
export function isP256Point(p256dh: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Who runs the pushes (RFC 8292 `sub`): the server's https address, else the sender address of its mail
 * (push services reach the operator there about a misbehaving sender).
 */
export function vapidSubject(config: Pick<AppConfig, 'publicUrl' | 'delivery'>): string {
  if (/^https:\/\//.test(config.publicUrl) && !/^https:\/\/localhost(:|\/|$)/.test(config.publicUrl))
    return config.publicUrl;
  const address = /<([^>]+)>/.exec(config.delivery.mailFrom)?.[1] ?? config.delivery.mailFrom.trim();
  return `mailto:${address}`;
}

export type SendOutcome =
  | { kind: 'sent' }
  /** 404/410: the subscription no longer exists (RFC 8030 §7.3). */
  | { kind: 'gone'; error: string }
  /** 429, 5xx, no answer: try again later. */
  | { kind: 'retry'; error: string }
  /** Any other refusal (a bad request, a key the push service does not accept): not worth trying again. */
  | { kind: 'refused'; error: string };

const short = (text: string) => (text.length > 300 ? `${text.slice(0, 297)}...` : text);

/** Send one payload to one subscription; no transaction may be open meanwhile. */
export async function sendPush(
  subscription: StoredSubscription,
  payload: string,
  vapid: { subject: string; publicKey: string; privateKey: string },
  options: { ttlSeconds: number; timeoutMs: number; topic?: string },
): Promise<SendOutcome> {
  try {
    await webpush.sendNotification({ endpoint: subscription.endpoint, keys: subscription.keys }, payload, {
      vapidDetails: vapid,
      TTL: options.ttlSeconds,
      timeout: options.timeoutMs,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
      ...(options.topic ? { topic: options.topic } : {}),
    });
    return { kind: 'sent' };
  } catch (err) {
    if (err instanceof webpush.WebPushError) {
      const error = short(`push service answered ${err.statusCode}${err.body ? `: ${err.body}` : ''}`);
      if (err.statusCode === 404 || err.statusCode === 410) return { kind: 'gone', error };
      if (err.statusCode === 429 || err.statusCode >= 500) return { kind: 'retry', error };
      return { kind: 'refused', error };
    }
    return { kind: 'retry', error: short(err instanceof Error ? err.message : String(err)) };
  }
}
