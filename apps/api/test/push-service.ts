/**
 * A real push service for the push tests (decision D-092): an HTTPS server on 127.0.0.1 that records what it
 * is sent and answers with the status the test chose per path; and a browser's side of a subscription — an
 * ECDH key pair and auth secret made here — that decrypts what arrives (RFC 8291 aes128gcm) and checks the
 * VAPID Authorization header (RFC 8292). Nothing in the server's sending path is replaced: `web-push` posts
 * over TLS to this server; the test trusts its certificate the way NODE_EXTRA_CA_CERTS would.
 */
import { createDecipheriv, createECDH, createHmac, type ECDH, randomBytes } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { importJWK, type JWTPayload, jwtVerify } from 'jose';

/**
 * Self-signed certificate for 127.0.0.1 and localhost (tests only; valid 2000–2100). Made with
 * `openssl ecparam -name prime256v1` and `openssl ca -selfsign -startdate 20000101000000Z -enddate 21000101000000Z`.
 */
const CERT = `-----BEGIN CERTIFICATE-----
MIIByjCCAW+gAwIBAgIBATAKBggqhkjOPQQDAjA0MTIwMAYDVQQDDCl0cmlhbHBh
dGggbG9jYWwgcHVzaCBzZXJ2aWNlICh0ZXN0cyBvbmx5KTAgFw0wMDAxMDEwMDAw
MDBaGA8yMTAwMDEwMTAwMDAwMFowNDEyMDAGA1UEAwwpdHJpYWxwYXRoIGxvY2Fs
IHB1c2ggc2VydmljZSAodGVzdHMgb25seSkwWTATBgcqhkjOPQIBBggqhkjOPQMB
BwNCAAQfTiTv9hGl/kSD/sFz7ur+L743VaEWvpnyhgGkv4fecplUQjT1SrKhS0lo
a0m2Hmbbh/X6CLWINMcJqv+cPYrao3AwbjAaBgNVHREEEzARhwR/AAABgglsb2Nh
bGhvc3QwDwYDVR0TAQH/BAUwAwEB/zALBgNVHQ8EBAMCAoQwEwYDVR0lBAwwCgYI
KwYBBQUHAwEwHQYDVR0OBBYEFLRC0fQ8pUvwitdSEMJkVhvLYPXqMAoGCCqGSM49
BAMCA0kAMEYCIQDHS6M7VwRqOxJkAEHnqsZi200XNz2GFDAsIPJoHm1+TgIhAMVw
gFJ6vTl7YMAeoktZC88rgR4ATH90V8y8Zt2AhpXR
-----END CERTIFICATE-----
`;
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgk7fHwiAnzoQD/vA+
OYnQcGxetLeMhyENDtPCOrcc7m6hRANCAAQfTiTv9hGl/kSD/sFz7ur+L743VaEW
vpnyhgGkv4fecplUQjT1SrKhS0loa0m2Hmbbh/X6CLWINMcJqv+cPYra
-----END PRIVATE KEY-----
`;

export interface ReceivedPush {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface LocalPushService {
  /** host:port, for the server's PUSH_SERVICE_HOSTS. */
  host: string;
  origin: string;
  received: ReceivedPush[];
  /** The status a path answers with (201 Created when not set, as push services do). */
  answer(path: string, status: number): void;
  close(): Promise<void>;
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server = https.createServer({ cert: CERT, key: KEY }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ method: req.method ?? '', path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answers.get(path) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // The certificate is trusted by this test process only (web-push uses the default HTTPS agent).
  const previousAgent = https.globalAgent;
  Object.defineProperty(https, 'globalAgent', {
    value: new https.Agent({ ca: CERT, keepAlive: false }),
    writable: true,
    configurable: true,
  });
  return {
    host: `127.0.0.1:${port}`,
    origin: `https://127.0.0.1:${port}`,
    received,
    answer: (path, status) => void answers.set(path, status),
    close: async () => {
      Object.defineProperty(https, 'globalAgent', { value: previousAgent, writable: true, configurable: true });
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A browser's subscription: its keys stay here, so only this side can read what the push service gets. */
export interface BrowserSubscription {
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  decrypt(body: Buffer): string;
}

export function browserSubscription(endpoint: string): BrowserSubscription {
  const ecdh: ECDH = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const uaPublic = ecdh.getPublicKey();
  return {
    json: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: uaPublic.toString('base64url'), auth: auth.toString('base64url') },
    },
    decrypt: (body) => decryptAes128gcm(body, ecdh, uaPublic, auth),
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 / RFC 8188: the payload as the browser reads it. */
function decryptAes128gcm(body: Buffer, ecdh: ECDH, uaPublic: Buffer, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdhSecret = ecdh.computeSecret(asPublic);
  const prkKey = hmac(auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`. The JWT must verify with the key it names (ES256)
 * and be for this push service's origin. Returns the key and the claims.
 */
export async function verifyVapid(
  authorization: string | string[] | undefined,
  audience: string,
): Promise<{ k: string; claims: JWTPayload }> {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(authorization ?? ''));
  if (!m) throw new Error(`not a VAPID Authorization header: ${String(authorization)}`);
  const [, t, k] = m as unknown as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(t, key, { audience, algorithms: ['ES256'] });
  return { k, claims: payload };
}
