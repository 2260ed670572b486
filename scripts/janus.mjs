/**
 * A real Janus (the Debian package `janus`, 1.1.2) for tests: the VideoRoom plugin behind the WebSockets transport on
 * 127.0.0.1, nothing else loaded, configured in a fresh temporary folder and removed again by stop().
 * Imported by the API's vitest tests and by the Playwright tests, hence plain ESM with JSDoc types.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';

const LIB = '/usr/lib/x86_64-linux-gnu/janus';
const START_LIMIT_MS = 15_000;
const KILL_AFTER_MS = 3_000;

/**
 * @typedef {object} JanusOptions
 * @property {number} wsPort WebSockets port (bound to 127.0.0.1 only).
 * @property {[number, number]} rtpPortRange Media (RTP/RTCP) ports, inclusive.
 * @property {string} recordingsDir Where rooms may record; created when missing, must be writable.
 * @property {string} [logFile] Janus's log; by default a file in the config folder (removed by stop()).
 */

/**
 * @typedef {object} RunningJanus
 * @property {string} url ws://127.0.0.1:<wsPort>, to be opened with the subprotocol "janus-protocol".
 * @property {number} pid
 * @property {string} configDir
 * @property {() => Promise<void>} stop SIGTERM, SIGKILL after 3 s, then removes the config folder.
 */

/** @param {string} name */
function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    try {
      accessSync(path.join(dir, name), constants.X_OK);
      return path.join(dir, name);
    } catch {
      // not in this folder
    }
  }
  return null;
}

/** @returns {boolean} */
export function janusInstalled() {
  return onPath('janus') !== null;
}

/** Every module of a kind except the ones kept: Janus loads all it finds unless told to skip them by file name. */
function allBut(/** @type {string} */ folder, /** @type {string[]} */ keep) {
  if (!existsSync(folder)) return '';
  return readdirSync(folder)
    .filter((f) => f.endsWith('.so') && !keep.includes(f))
    .join(',');
}

/** @param {string} s */
const quote = (s) => JSON.stringify(s);

/**
 * janus.jcfg. `nat`, as measured with Chromium on the same machine: Janus offers host candidates of the machine's
 * address (not loopback) and Chromium pairs with them directly, no STUN/TURN. A page with media permission offers
 * real IPs; one without offers mDNS ".local" names, which Janus cannot resolve here, yet ICE still succeeds through
 * the peer-reflexive candidate Janus learns from Chromium's checks, so ignore_mdns only spares the failing look-ups.
 * Recordings are written as .mjr.tmp and renamed to .mjr when closed, so a finished file is recognisable.
 * Folders Janus may not write recordings into: the system's, as in Debian's own janus.jcfg.
 * @param {string} configDir @param {[number, number]} rtp @param {string} recordingsDir
 */
function coreConfig(configDir, rtp, recordingsDir) {
  const protectedFolders = ['/bin', '/boot', '/dev', '/etc', '/lib', '/lib64', '/proc', '/sbin', '/sys', '/usr'].filter(
    (f) => !`${recordingsDir}/`.startsWith(`${f}/`),
  );
  return `general: {
  configs_folder = ${quote(configDir)}
  plugins_folder = ${quote(`${LIB}/plugins`)}
  transports_folder = ${quote(`${LIB}/transports`)}
  events_folder = ${quote(`${LIB}/events`)}
  loggers_folder = ${quote(`${LIB}/loggers`)}
  debug_level = 4
  debug_timestamps = true
  server_name = ${quote(path.basename(configDir))}
  session_timeout = 60
  recordings_tmp_ext = "tmp"
  protected_folders = [${protectedFolders.map(quote).join(', ')}]
}
certificates: {
}
media: {
  rtp_port_range = "${rtp[0]}-${rtp[1]}"
}
nat: {
  nice_debug = false
  ice_ignore_list = "vmnet"
  ignore_mdns = true
}
plugins: {
  disable = ${quote(allBut(`${LIB}/plugins`, ['libjanus_videoroom.so']))}
}
transports: {
  disable = ${quote(allBut(`${LIB}/transports`, ['libjanus_websockets.so']))}
}
loggers: {
  disable = ${quote(allBut(`${LIB}/loggers`, []))}
}
events: {
  broadcast = false
  disable = ${quote(allBut(`${LIB}/events`, []))}
}
`;
}

/** @param {number} wsPort */
function websocketsConfig(wsPort) {
  return `general: {
  json = "plain"
  ws = true
  ws_port = ${wsPort}
  ws_ip = "127.0.0.1"
  wss = false
}
admin: {
  admin_ws = false
  admin_wss = false
}
`;
}

// No sample rooms: tests and the API create their own.
const VIDEOROOM_CONFIG = `general: {
}
`;

/** The last lines of Janus's log, for an error message. */
function logTail(/** @type {string} */ file, lines = 30) {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * One `info` and one `create` over the WebSocket; true when the answering Janus is this one (its server name) and the
 * session is created. The name matters: libwebsockets listens with SO_REUSEPORT, so a second Janus on a taken port
 * starts without complaint and the answers may come from the first.
 * @param {string} url @param {string} name
 * @returns {Promise<boolean>}
 */
function tryCreate(url, name) {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, 'janus-protocol');
    const timer = setTimeout(() => done(false), 1_000);
    /** @param {boolean} ok */
    function done(ok) {
      clearTimeout(timer);
      ws.removeAllListeners();
      ws.on('error', () => {});
      ws.terminate();
      resolve(ok);
    }
    ws.on('error', () => done(false));
    ws.on('open', () => ws.send(JSON.stringify({ janus: 'info', transaction: 'info' })));
    ws.on('message', (data) => {
      try {
        const msg = JSON.parse(String(data));
        if (msg.transaction === 'info' && msg['server-name'] === name) {
          ws.send(JSON.stringify({ janus: 'create', transaction: 'create' }));
        } else {
          done(msg.transaction === 'create' && msg.janus === 'success');
        }
      } catch {
        done(false);
      }
    });
  });
}

/** Rejects when something already listens on the port (see tryCreate on why Janus would not notice). */
function portFree(/** @type {number} */ port) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (err) => reject(new Error(`port ${port} on 127.0.0.1 is in use (${err.message})`)));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(undefined)));
  });
}

const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/**
 * @param {JanusOptions} options
 * @returns {Promise<RunningJanus>}
 */
export async function startJanus({ wsPort, rtpPortRange, recordingsDir, logFile }) {
  const janus = onPath('janus');
  if (!janus) throw new Error('janus is not installed (Debian package "janus")');
  mkdirSync(recordingsDir, { recursive: true });
  try {
    accessSync(recordingsDir, constants.W_OK);
  } catch {
    throw new Error(`the recordings folder ${recordingsDir} is not writable`);
  }
  await portFree(wsPort);

  const configDir = await mkdtemp(path.join(tmpdir(), 'janus-conf-'));
  const log = logFile ?? path.join(configDir, 'janus.log');
  await writeFile(path.join(configDir, 'janus.jcfg'), coreConfig(configDir, rtpPortRange, path.resolve(recordingsDir)));
  await writeFile(path.join(configDir, 'janus.transport.websockets.jcfg'), websocketsConfig(wsPort));
  await writeFile(path.join(configDir, 'janus.plugin.videoroom.jcfg'), VIDEOROOM_CONFIG);

  const fd = openSync(log, 'a');
  const child = spawn(janus, ['-F', configDir, '-C', path.join(configDir, 'janus.jcfg'), '-o'], {
    stdio: ['ignore', fd, fd],
    cwd: configDir,
  });
  closeSync(fd);
  /** @type {string | null} */
  let exitReason = null;
  let exited = false;
  const gone = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = true;
      exitReason = signal ? `killed by ${signal}` : `exit code ${code}`;
      resolve(undefined);
    });
    // not started at all (e.g. not executable): no 'exit' follows
    child.once('error', (err) => {
      exited = true;
      exitReason = err.message;
      resolve(undefined);
    });
  });

  // A test process that ends without stop() must not leave Janus running.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  async function stop() {
    process.off('exit', killOnExit);
    if (!exited) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => {
        if (!exited) child.kill('SIGKILL');
      }, KILL_AFTER_MS);
      await gone;
      clearTimeout(killer);
    }
    await rm(configDir, { recursive: true, force: true });
  }

  const url = `ws://127.0.0.1:${wsPort}`;
  const deadline = Date.now() + START_LIMIT_MS;
  while (Date.now() < deadline) {
    if (exited) break;
    if (await tryCreate(url, path.basename(configDir))) {
      if (child.pid === undefined) break;
      return { url, pid: child.pid, configDir, stop };
    }
    await sleep(200);
  }
  const reason = exited ? `janus stopped (${exitReason})` : 'janus did not answer within 15 s';
  const tail = logTail(log);
  await stop();
  throw new Error(`${reason}:\n${tail}`);
}
