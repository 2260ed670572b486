/** Server configuration, read once from the environment (or built by tests). */
import { randomBytes } from 'node:crypto';
import { DEFAULT_SMS_NUMBER } from '@trialpath/domain';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface AppConfig {
  nodeEnv: 'production' | 'development' | 'test';
  /** No DATABASE_URL: embedded database, demo data, demo mailbox. */
  demoMode: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: Uint8Array;
  /** Base of the links put in e-mails (reset, invitation). */
  publicUrl: string;
  /** Allowed cross-origin callers; empty = CORS closed. */
  corsOrigins: string[];
  /** Per IP and route, for endpoints flagged rateLimited. */
  rateLimit: { max: number; windowMs: number };
  trustProxy: boolean;
  logLevel: string;
  staticDirs: { staff: string; participant: string };
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /**
   * Public calls that must not tell known from unknown accounts (forgot password / username, reset codes,
   * participant sign-in) answer no sooner than this (decision 0023). 0 turns the floor off (tests).
   */
  publicResponseFloorMs: number;
  /** Outbox delivery (decision 0006); a channel without a peer stays queued (the demo mailbox shows it). */
  delivery: {
    smtpUrl: string | undefined;
    mailFrom: string;
    smsWebhookUrl: string | undefined;
    smsWebhookToken: string | undefined;
    /** The number SMS come from (`SMS_FROM`, else the default SMS number of 001 §9). */
    smsFrom: string;
    pollMs: number;
  };
  /**
   * Where stored files' bytes go (decision 0033): a directory under the data directory by default;
   * S3-compatible object storage when S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and
   * S3_REGION are all set.
   */
  files: FileStorageConfig;
  /**
   * Push services the server may send Web Push to besides the browsers' own (the domain's
   * KNOWN_PUSH_SERVICE_HOSTS), as host[:port]: PUSH_SERVICE_HOSTS, comma-separated (decision D-092).
   */
  pushServiceHosts: string[];
  /** Video calls (decision F-calls). */
  calls: CallsConfig;
  /**
   * Redis (REDIS_URL): what several API processes share — the call rooms and their signalling (decision F-calls).
   * Without it, one process holds everything itself. `prefix` (REDIS_PREFIX) names this deployment's keys and
   * channels, so that two deployments (or two test runs) can share one Redis.
   */
  redis: { url: string | undefined; prefix: string };
  /**
   * The Janus WebRTC server as the calls' SFU (JANUS_URL, its WebSocket API, reachable by the API only; decision
   * F-sfu). Janus writes recordings into `recordingsDir` (JANUS_RECORDINGS_DIR), a folder the API reads too.
   * Without JANUS_URL, calls go browser to browser and are recorded in the recording person's browser.
   */
  janus: { url: string | undefined; recordingsDir: string };
}

export interface CallsConfig {
  /** STUN/TURN addresses handed to browsers (STUN_URLS, TURN_URLS, comma-separated); none on one machine. */
  stunUrls: string[];
  turnUrls: string[];
  /** coturn's static-auth-secret (TURN_SECRET): each session gets a TURN credential of its own for an hour. */
  turnSecret: string | undefined;
  /** How long a call waits for someone whose connection dropped before it counts their stream as gone. */
  rejoinGraceMs: number;
}

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export type FileStorageConfig =
  | { backend: 'directory'; dir: string }
  | {
      backend: 's3';
      endpoint: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      region: string;
    };

/** The file storage the environment names: S3 when every S3_ variable is set, else a directory. */
export function fileStorageConfig(env: NodeJS.ProcessEnv, dataDir: string): FileStorageConfig {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION } = env;
  if (S3_ENDPOINT && S3_BUCKET && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY && S3_REGION) {
    return {
      backend: 's3',
      endpoint: S3_ENDPOINT,
      bucket: S3_BUCKET,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
      region: S3_REGION,
    };
  }
  const partly = [S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION].some(Boolean);
  if (partly) {
    throw new Error(
      'S3 file storage needs all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION.',
    );
  }
  return { backend: 'directory', dir: path.join(dataDir, 'files') };
}

/** Demo mode keeps a generated JWT secret in the data dir so sessions survive restarts. */
function demoJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const databaseUrl = env.DATABASE_URL || undefined;
  const demoMode = !databaseUrl;
  const nodeEnv = env.NODE_ENV === 'test' ? 'test' : env.NODE_ENV === 'production' ? 'production' : 'development';
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, 'data'));
  let secret = env.JWT_SECRET;
  if (!secret) {
    if (!demoMode) throw new Error('JWT_SECRET must be set when DATABASE_URL is set (production mode).');
    secret = demoJwtSecret(dataDir);
  }
  if (secret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters.');
  const port = Number(env.PORT ?? 3000);
  return {
    nodeEnv,
    demoMode,
    port,
    // The demo's accounts share a published password and its mailbox shows reset links: this machine only,
    // unless HOST says otherwise.
    host: env.HOST ?? (demoMode ? 'localhost' : '0.0.0.0'),
    databaseUrl,
    dataDir,
    jwtSecret: new TextEncoder().encode(secret),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    // 10 per minute in production; the demo is driven by people and e2e runs from one address.
    rateLimit: { max: Number(env.RATE_LIMIT_MAX ?? (demoMode ? 100 : 10)), windowMs: 60_000 },
    trustProxy: env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    staticDirs: {
      staff: path.join(REPO_ROOT, 'apps/staff/dist'),
      participant: path.join(REPO_ROOT, 'apps/participant/dist'),
    },
    accessTokenTtlSeconds: 15 * 60,
    refreshTokenTtlDays: 14,
    publicResponseFloorMs: Number(env.PUBLIC_RESPONSE_FLOOR_MS ?? 250),
    delivery: {
      smtpUrl: env.SMTP_URL || undefined,
      mailFrom: env.MAIL_FROM ?? 'Trialpath <no-reply@localhost>',
      smsWebhookUrl: env.SMS_WEBHOOK_URL || undefined,
      smsWebhookToken: env.SMS_WEBHOOK_TOKEN || undefined,
      smsFrom: env.SMS_FROM || DEFAULT_SMS_NUMBER,
      pollMs: Number(env.OUTBOX_POLL_MS ?? 5000),
    },
    files: fileStorageConfig(env, dataDir),
    pushServiceHosts: (env.PUSH_SERVICE_HOSTS ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    calls: {
      stunUrls: list(env.STUN_URLS),
      turnUrls: list(env.TURN_URLS),
      turnSecret: env.TURN_SECRET || undefined,
      rejoinGraceMs: Number(env.CALL_REJOIN_GRACE_MS ?? 10_000),
    },
    redis: { url: env.REDIS_URL || undefined, prefix: env.REDIS_PREFIX || 'trialpath' },
    janus: {
      url: env.JANUS_URL || undefined,
      recordingsDir: path.resolve(env.JANUS_RECORDINGS_DIR ?? path.join(dataDir, 'janus-recordings')),
    },
  };
}

/** Config for tests and benchmarks: fixed secret, relaxed rate limit, no logs. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    nodeEnv: 'test',
    demoMode: true,
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir: path.join(REPO_ROOT, 'data-test'),
    jwtSecret: new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789'),
    publicUrl: 'http://localhost:3000',
    corsOrigins: [],
    rateLimit: { max: 100_000, windowMs: 60_000 },
    trustProxy: false,
    logLevel: 'silent',
    staticDirs: { staff: '/nonexistent/staff', participant: '/nonexistent/participant' },
    accessTokenTtlSeconds: 15 * 60,
    refreshTokenTtlDays: 14,
    publicResponseFloorMs: 0,
    delivery: {
      smtpUrl: undefined,
      mailFrom: 'Trialpath <no-reply@localhost>',
      smsWebhookUrl: undefined,
      smsWebhookToken: undefined,
      smsFrom: DEFAULT_SMS_NUMBER,
      pollMs: 5000,
    },
    // Outside the repository: what tests store is thrown away with the machine's temporary files.
    files: { backend: 'directory', dir: path.join(tmpdir(), 'trialpath-test-files') },
    pushServiceHosts: [],
    calls: { stunUrls: [], turnUrls: [], turnSecret: undefined, rejoinGraceMs: 200 },
    redis: { url: undefined, prefix: 'trialpath-test' },
    janus: { url: undefined, recordingsDir: path.join(tmpdir(), 'trialpath-test-janus') },
    ...overrides,
  };
}
