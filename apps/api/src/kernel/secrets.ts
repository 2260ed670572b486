/**
 * Secrets at rest (SFTP passwords and keys, integration client secrets, linkage keys): sealed with
 * AES-256-GCM under a key derived (HKDF-SHA256) from the server secret for one purpose, and bound to the
 * record they belong to (additional authenticated data), so a sealed value copied onto another row does
 * not open. The API never returns a sealed value nor what it holds; callers say only whether one is set.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const SEAL_VERSION = 's1';

function purposeKey(serverSecret: Uint8Array, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'trialpath-secrets', purpose, 32));
}

/** `purpose` names the kind of secret (e.g. 'sftp-password'); `boundTo` the record (e.g. its id). */
export function sealSecret(serverSecret: Uint8Array, purpose: string, boundTo: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', purposeKey(serverSecret, purpose), iv);
  cipher.setAAD(Buffer.from(boundTo));
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [SEAL_VERSION, ...[iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url'))].join('.');
}

/** The plain secret, or null when it does not open (another server secret, another record, tampered). */
export function openSecret(serverSecret: Uint8Array, purpose: string, boundTo: string, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== SEAL_VERSION || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', purposeKey(serverSecret, purpose), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
