/**
 * The SSH side of SFTP destinations (decision H-sftp), on the `ssh2` package: reading key files, connecting with
 * the server's host key checked against the pinned one, testing a destination, and uploading a file to
 * `<name>.part` then renaming it, so a half-sent file never looks complete. Failures carry the stage that failed
 * and the server's own reason (what ssh2 reports: "All configured authentication methods failed",
 * "connect ECONNREFUSED …", "Timed out while waiting for handshake").
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type MessageKey, type MessageParams, translate } from '@trialpath/domain';
import ssh2, { type Client as SshClient, type ConnectConfig, type SFTPWrapper } from 'ssh2';

// ssh2 is CommonJS whose `utils` Node's ESM loader cannot name: read both from its default export
const { Client, utils } = ssh2;

/** How long a connection may take to be ready (TCP, key exchange, sign-in). */
const READY_TIMEOUT_MS = 10_000;

export type SftpStage = 'connect' | 'hostKey' | 'auth' | 'folder';

export interface SftpCredentials {
  host: string;
  port: number;
  username: string;
  password: string | null;
  privateKey: string | null;
  passphrase: string | null;
  /** SHA256:… the server must show; null: any (the caller pins what it sees). */
  pinnedFingerprint: string | null;
}

/** A failure: the stage, the server's reason or one of ours (a catalogue key), and the host key seen if any. */
export class SftpFailure extends Error {
  constructor(
    readonly stage: SftpStage,
    reason: string,
    readonly hostKeyFingerprint: string | null,
    readonly messageKey: MessageKey | null = null,
    readonly params: MessageParams = {},
  ) {
    super(reason);
    this.name = 'SftpFailure';
  }

  /** The reason in a language: ours translated, the server's as it said it. */
  reasonIn(lang: string): string {
    return this.messageKey ? translate(this.messageKey, this.params, lang) : this.message;
  }
}

/** SHA256:<base64 without padding> of a public key blob, as `ssh-keygen -l` prints it. */
export function fingerprintOf(publicKeyBlob: Buffer): string {
  return `SHA256:${createHash('sha256').update(publicKeyBlob).digest('base64').replace(/=+$/, '')}`;
}

export type KeyReading =
  | { ok: true; keyType: string; fingerprint: string; encrypted: boolean }
  | { ok: false; problem: 'passphrase' | 'invalid' | 'notPrivate'; reason: string };

function firstKey(parsed: ReturnType<typeof utils.parseKey>) {
  return Array.isArray(parsed) ? parsed[0] : parsed;
}

/** A private key's type and fingerprint, or why it cannot be used (the parser's reason). */
export function readPrivateKey(text: string, passphrase: string | null): KeyReading {
  const plain = firstKey(utils.parseKey(text));
  const encrypted = plain instanceof Error && /passphrase|encrypted/i.test(plain.message);
  const parsed = encrypted && passphrase ? firstKey(utils.parseKey(text, passphrase)) : plain;
  if (parsed instanceof Error) {
    if (encrypted && !passphrase) return { ok: false, problem: 'passphrase', reason: parsed.message };
    return { ok: false, problem: 'invalid', reason: parsed.message };
  }
  if (!parsed) return { ok: false, problem: 'invalid', reason: 'No key found' };
  if (!parsed.isPrivateKey()) return { ok: false, problem: 'notPrivate', reason: 'Public key' };
  return { ok: true, keyType: parsed.type, fingerprint: fingerprintOf(parsed.getPublicSSH()), encrypted };
}

/** A server's public host key (a .pub or known_hosts-style line, or PEM): its type and fingerprint. */
export function readHostKey(text: string): KeyReading {
  // a known_hosts line starts with the host name: keep from the key type on
  const line = text.trim().replace(/^\S+\s+(?=(ssh-|ecdsa-))/, '');
  const parsed = firstKey(utils.parseKey(line));
  if (parsed instanceof Error) return { ok: false, problem: 'invalid', reason: parsed.message };
  if (!parsed) return { ok: false, problem: 'invalid', reason: 'No key found' };
  return { ok: true, keyType: parsed.type, fingerprint: fingerprintOf(parsed.getPublicSSH()), encrypted: false };
}

export interface SftpSession {
  client: SshClient;
  sftp: SFTPWrapper;
  hostKeyFingerprint: string;
  hostKeyType: string;
  serverSoftware: string | null;
  banner: string | null;
  /** Rejects when the connection drops (so a transfer under way stops waiting). */
  closed: Promise<never>;
  end(): void;
}

function stageOf(err: Error & { level?: string }): SftpStage {
  return err.level === 'client-authentication' ? 'auth' : 'connect';
}

/** Connect, check the host key, sign in and open the SFTP subsystem. */
export function openSession(creds: SftpCredentials, readyTimeoutMs = READY_TIMEOUT_MS): Promise<SftpSession> {
  return new Promise((resolve, reject) => {
    const client = new Client();
    let seen: { fingerprint: string; type: string } | null = null;
    let mismatch = false;
    let banner: string | null = null;
    let settled = false;
    let dropped: (e: Error) => void = () => {};
    const closed = new Promise<never>((_, fail) => {
      dropped = fail;
    });
    closed.catch(() => {});
    const settleFail = (e: SftpFailure) => {
      if (settled) return;
      settled = true;
      client.end();
      reject(e);
    };
    client.on('banner', (text: string) => {
      banner = text.trim() || null;
    });
    client.on('error', (err: Error & { level?: string }) => {
      dropped(err);
      if (mismatch && seen)
        settleFail(
          new SftpFailure('hostKey', err.message, seen.fingerprint, 'sftp.hostKeyChanged', {
            expected: creds.pinnedFingerprint ?? '',
            actual: seen.fingerprint,
          }),
        );
      else settleFail(new SftpFailure(stageOf(err), err.message, seen?.fingerprint ?? null));
    });
    client.on('close', () => {
      dropped(new Error('The SFTP server closed the connection'));
      settleFail(new SftpFailure('connect', 'The SFTP server closed the connection', seen?.fingerprint ?? null));
    });
    client.on('ready', () => {
      client.sftp((err, sftp) => {
        if (err) return settleFail(new SftpFailure('auth', err.message, seen?.fingerprint ?? null));
        if (settled) return;
        settled = true;
        const software = (client as unknown as { _remoteVer?: string })._remoteVer ?? null;
        resolve({
          client,
          sftp,
          hostKeyFingerprint: seen!.fingerprint,
          hostKeyType: seen!.type,
          serverSoftware: software,
          banner,
          closed,
          end: () => client.end(),
        });
      });
    });
    const config: ConnectConfig = {
      host: creds.host,
      port: creds.port,
      username: creds.username,
      readyTimeout: readyTimeoutMs,
      keepaliveInterval: 10_000,
      keepaliveCountMax: 3,
      tryKeyboard: false,
      hostVerifier: (key: Buffer) => {
        const parsed = firstKey(utils.parseKey(key));
        seen = { fingerprint: fingerprintOf(key), type: parsed instanceof Error || !parsed ? 'unknown' : parsed.type };
        mismatch = creds.pinnedFingerprint !== null && creds.pinnedFingerprint !== seen.fingerprint;
        return !mismatch;
      },
    };
    if (creds.password !== null) config.password = creds.password;
    if (creds.privateKey !== null) {
      config.privateKey = creds.privateKey;
      if (creds.passphrase) config.passphrase = creds.passphrase;
    }
    try {
      client.connect(config);
    } catch (e) {
      settleFail(new SftpFailure('connect', e instanceof Error ? e.message : String(e), null));
    }
  });
}

const call = <T>(run: (cb: (err: Error | null | undefined, value?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => run((err, value) => (err ? reject(err) : resolve(value as T))));

/** The remote folder as the server resolves it; a folder that is missing or not a folder fails (stage folder). */
export async function openFolder(session: SftpSession, folder: string): Promise<string> {
  try {
    const real = await call<string>((cb) => session.sftp.realpath(folder, cb));
    const attrs = await call<{ isDirectory(): boolean }>((cb) => session.sftp.stat(real, cb));
    if (!attrs.isDirectory()) throw new Error('Not a directory');
    return real;
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    throw new SftpFailure('folder', reason, session.hostKeyFingerprint, 'sftp.folderMissing', { folder, reason });
  }
}

export interface UploadResult {
  remotePath: string;
  bytes: number;
}

/**
 * Send `source` to `<folder>/<fileName>.part`, check the server holds every byte, then rename it to its name
 * (replacing an older file of that name). A retry starts again from the first byte: the `.part` is truncated.
 */
export async function uploadFile(
  session: SftpSession,
  source: Readable,
  target: { folder: string; fileName: string; byteSize: number },
  onProgress: (bytes: number) => void,
): Promise<UploadResult> {
  const remotePath = posix.join(target.folder, target.fileName);
  const partPath = `${remotePath}.part`;
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      onProgress(bytes);
      done(null, chunk);
    },
  });
  const sink = session.sftp.createWriteStream(partPath, { flags: 'w', mode: 0o640 });
  await Promise.race([pipeline(source, counter, sink), session.closed]);
  const attrs = await Promise.race([call<{ size: number }>((cb) => session.sftp.stat(partPath, cb)), session.closed]);
  if (attrs.size !== target.byteSize) {
    throw new SftpFailure('connect', `size ${attrs.size} of ${target.byteSize}`, null, 'sftp.sizeMismatch', {
      actual: attrs.size,
      expected: target.byteSize,
    });
  }
  await Promise.race([renameOver(session.sftp, partPath, remotePath), session.closed]);
  return { remotePath, bytes };
}

/** posix-rename@openssh.com replaces the target at once; plain SFTP v3 rename refuses an existing target. */
async function renameOver(sftp: SFTPWrapper, from: string, to: string): Promise<void> {
  try {
    await call<void>((cb) => sftp.ext_openssh_rename(from, to, cb));
    return;
  } catch (e) {
    if (!(e instanceof Error) || !/does not support/.test(e.message)) throw e;
  }
  await call<void>((cb) => sftp.unlink(to, cb)).catch(() => undefined);
  await call<void>((cb) => sftp.rename(from, to, cb));
}
