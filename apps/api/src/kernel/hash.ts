import { createHash } from 'node:crypto';

/** Opaque tokens, login states and one-time codes are stored only as their sha256 (hex). */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
