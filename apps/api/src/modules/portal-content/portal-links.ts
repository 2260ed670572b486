/**
 * Signed content addresses (decision D-069): the portal data hands out addresses that carry, signed with a key
 * only the server has, which study version (and participant) they open and until when. Anyone holding one may
 * fetch that version's files until it expires, like a cloud store's signed URL; an altered or expired one opens
 * nothing.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Environment } from '../../db/schema';

/** How long an address works: the portal asks for new ones after this (a session lasts longer). */
export const PORTAL_LINK_TTL_MS = 60 * 60_000;

export interface PortalLink {
  studyId: string;
  versionId: string;
  /** Set when the participant's own tasks are part of the files. */
  participantId: string | null;
  env: Environment;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

function linkKey(secret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'trialpath-portal-content', 'portal content addresses', 32));
}

// A route parameter is at most 100 characters (Fastify's default): the payload is packed as bytes — three
// uuids (the participant's all zeros when none), the data space and the expiry in seconds — and the MAC is cut
// to 128 bits, as HMAC allows.
const mac = (payload: Buffer, secret: Uint8Array) =>
  createHmac('sha256', linkKey(secret)).update(payload).digest().subarray(0, 16);

const NO_PARTICIPANT = '00000000-0000-0000-0000-000000000000';
const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (b: Buffer) => {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
const PAYLOAD_BYTES = 16 * 3 + 1 + 4;

export function signPortalLink(link: PortalLink, secret: Uint8Array): string {
  const tail = Buffer.alloc(5);
  tail.writeUInt8(link.env === 'TEST' ? 1 : 0, 0);
  tail.writeUInt32BE(Math.floor(link.expiresAt / 1000), 1);
  const payload = Buffer.concat([
    uuidBytes(link.studyId),
    uuidBytes(link.versionId),
    uuidBytes(link.participantId ?? NO_PARTICIPANT),
    tail,
  ]);
  return Buffer.concat([payload, mac(payload, secret)]).toString('base64url');
}

/** The link a token stands for, or null when it was altered, is not ours, or has expired. */
export function readPortalLink(token: string, secret: Uint8Array, now: number): PortalLink | null {
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== PAYLOAD_BYTES + 16 || bytes.toString('base64url') !== token) return null;
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), mac(payload, secret))) return null;
  const expiresAt = payload.readUInt32BE(49) * 1000;
  if (expiresAt <= now) return null;
  const participantId = uuidOf(payload.subarray(32, 48));
  return {
    studyId: uuidOf(payload.subarray(0, 16)),
    versionId: uuidOf(payload.subarray(16, 32)),
    participantId: participantId === NO_PARTICIPANT ? null : participantId,
    env: payload.readUInt8(48) === 1 ? 'TEST' : 'LIVE',
    expiresAt,
  };
}
