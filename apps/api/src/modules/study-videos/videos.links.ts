/** Signed play addresses of ready study videos (decision H-study-videos; the scheme: kernel/signed-links.ts). */
import { linkOpens, signLink } from '../../kernel/signed-links';

const PURPOSE = 'trialpath-study-videos';

export function signVideoToken(videoId: string, secret: Uint8Array, now: number): string {
  return signLink(PURPOSE, videoId, secret, now);
}

export function videoTokenOpens(videoId: string, token: string, secret: Uint8Array, now: number): boolean {
  return linkOpens(PURPOSE, videoId, token, secret, now);
}
