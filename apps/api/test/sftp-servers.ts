/**
 * Real SFTP servers for the SFTP tests (decision H-sftp), each on a free high port of this machine:
 * - OpenSSH's sshd with internal-sftp, started from a temporary config: host key made by ssh-keygen, a temporary
 *   AuthorizedKeysFile holding a key made for the test, signing in as the user running the tests (so no system
 *   account is made). Key sign-in succeeds; every password is refused by sshd itself (root may not sign in with a
 *   password; another user has none known), which is the wrong-password case.
 * - the `ssh2` package's own Server for a password that succeeds (a system account with a password would have to
 *   be created on the machine): it signs in one user with one password and answers the SFTP requests a connection
 *   test makes (REALPATH, STAT of the folder).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import ssh2 from 'ssh2';

// ssh2 is CommonJS whose `utils` Node's ESM loader cannot name (the browser tests load this file too)
const { Server, utils } = ssh2;

export const SSHD = '/usr/sbin/sshd';

/** A port nobody listens on at the moment (the OS's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** SHA256:… of an OpenSSH public key line, as `ssh-keygen -l` prints it. */
export function fingerprintOfPublicKey(line: string): string {
  const blob = Buffer.from(line.trim().split(/\s+/)[1]!, 'base64');
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

export interface OpenSshServer {
  port: number;
  username: string;
  /** The client key sshd accepts (OpenSSH format, no passphrase). */
  privateKey: string;
  /** The folder files are sent to (absolute). */
  folder: string;
  hostKeyFingerprint: string;
  /** What `ssh-keygen -lf` says of the host key (to check our fingerprint against OpenSSH's own). */
  sshKeygenFingerprint: string;
  stop(): Promise<void>;
}

function keygen(path: string, type = 'ed25519') {
  execFileSync('ssh-keygen', ['-q', '-t', type, '-N', '', '-C', 'trialpath-test', '-f', path]);
}

export async function startOpenSsh(): Promise<OpenSshServer> {
  const dir = mkdtempSync(join(tmpdir(), 'trialpath-sshd-'));
  const folder = join(dir, 'upload');
  mkdirSync(folder, { mode: 0o755 });
  keygen(join(dir, 'host_ed25519'));
  keygen(join(dir, 'client_ed25519'));
  writeFileSync(join(dir, 'authorized_keys'), readFileSync(join(dir, 'client_ed25519.pub')));
  chmodSync(join(dir, 'authorized_keys'), 0o600);
  // sshd run by root needs its privilege separation directory (made by the service manager on a server)
  if (process.getuid?.() === 0 && !existsSync('/run/sshd')) mkdirSync('/run/sshd', { mode: 0o755 });
  const port = await freePort();
  const config = join(dir, 'sshd_config');
  writeFileSync(
    config,
    [
      `ListenAddress 127.0.0.1`,
      `HostKey ${join(dir, 'host_ed25519')}`,
      'PidFile none',
      `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
      'PubkeyAuthentication yes',
      'PasswordAuthentication yes',
      'KbdInteractiveAuthentication no',
      'PermitRootLogin prohibit-password',
      'UsePAM no',
      'StrictModes no',
      'Subsystem sftp internal-sftp',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(SSHD, ['-D', '-e', '-f', config, '-p', String(port)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sshd did not start: ${log}`)), 10_000);
    child.stderr!.on('data', (d: Buffer) => {
      log += d.toString();
      if (/Server listening/.test(log)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`sshd exited (${code}): ${log}`));
    });
  });
  const hostPub = readFileSync(join(dir, 'host_ed25519.pub'), 'utf8');
  const keygenLine = execFileSync('ssh-keygen', ['-lf', join(dir, 'host_ed25519.pub')]).toString();
  return {
    port,
    username: userInfo().username,
    privateKey: readFileSync(join(dir, 'client_ed25519'), 'utf8'),
    folder,
    hostKeyFingerprint: fingerprintOfPublicKey(hostPub),
    sshKeygenFingerprint: keygenLine.split(/\s+/)[1]!,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PasswordServer {
  port: number;
  username: string;
  password: string;
  folder: string;
  hostKeyFingerprint: string;
  stop(): Promise<void>;
}

const S_IFDIR = 0o040000;

/** The ssh2 package's server: one user, one password, a folder that exists (for a connection test). */
export async function startPasswordServer(): Promise<PasswordServer> {
  const dir = mkdtempSync(join(tmpdir(), 'trialpath-ssh2-'));
  keygen(join(dir, 'host'));
  const hostKey = readFileSync(join(dir, 'host'));
  const parsed = utils.parseKey(hostKey);
  if (parsed instanceof Error) throw parsed;
  const hostPublic = (Array.isArray(parsed) ? parsed[0] : parsed)!.getPublicSSH();
  const username = 'sponsor';
  const password = 'S3cret-sftp-pass!';
  const folder = '/incoming';
  const server = new Server({ hostKeys: [hostKey], banner: 'Sponsor data drop' }, (client) => {
    client
      .on('authentication', (ctx) => {
        if (ctx.method === 'password' && ctx.username === username && ctx.password === password) ctx.accept();
        else ctx.reject(['password']);
      })
      .on('ready', () => {
        client.on('session', (accept) => {
          accept().on('sftp', (acceptSftp) => {
            const sftp = acceptSftp();
            sftp.on('REALPATH', (id, path) => {
              const abs = path.startsWith('/') ? path : `/${path}`;
              sftp.name(id, [{ filename: abs, longname: abs, attrs: {} as never }]);
            });
            sftp.on('STAT', (id, path) => {
              if (path === folder)
                sftp.attrs(id, { mode: S_IFDIR | 0o755, uid: 0, gid: 0, size: 0, atime: 0, mtime: 0 });
              else sftp.status(id, utils.sftp.STATUS_CODE.NO_SUCH_FILE, 'No such file');
            });
          });
        });
      })
      .on('error', () => {});
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    username,
    password,
    folder,
    hostKeyFingerprint: `SHA256:${createHash('sha256').update(hostPublic).digest('base64').replace(/=+$/, '')}`,
    async stop() {
      await new Promise((r) => server.close(r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
