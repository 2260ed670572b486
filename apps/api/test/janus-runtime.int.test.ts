/**
 * The test Janus of scripts/janus.mjs (Debian's janus 1.1.2): it starts on a free port with only the VideoRoom plugin
 * and the WebSockets transport, answers the VideoRoom requests the API's bridge relies on over a raw WebSocket, and is
 * gone after stop(). Needs no database.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { janusInstalled, type RunningJanus, startJanus } from '../../../scripts/janus.mjs';

type Reply = { janus: string; data?: { id: number }; plugindata?: { data: Record<string, unknown> } } & Record<
  string,
  unknown
>;

/** Janus's WebSocket API, one answer per transaction (VideoRoom's room requests answer synchronously). */
class RawJanus {
  private pending = new Map<string, (r: Reply) => void>();
  private next = 0;
  private constructor(private ws: WebSocket) {
    ws.on('message', (data) => {
      const reply = JSON.parse(String(data)) as Reply;
      const t = String(reply.transaction ?? '');
      if (reply.janus === 'ack') return;
      this.pending.get(t)?.(reply);
      this.pending.delete(t);
    });
  }
  static async open(url: string): Promise<RawJanus> {
    const ws = new WebSocket(url, 'janus-protocol');
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    return new RawJanus(ws);
  }
  request(body: Record<string, unknown>): Promise<Reply> {
    const transaction = `t${++this.next}`;
    return new Promise((resolve) => {
      this.pending.set(transaction, resolve);
      this.ws.send(JSON.stringify({ ...body, transaction }));
    });
  }
  close() {
    this.ws.close();
  }
}

/** Ports a worker of its own can use: the pool id keeps parallel workers apart, a taken port moves on to the next. */
async function startOnFreePort(recordingsDir: string): Promise<RunningJanus> {
  const base = 8290 + Number(process.env.VITEST_POOL_ID ?? 0) * 10;
  let last: unknown;
  for (let port = base; port < base + 10; port++) {
    try {
      return await startJanus({ wsPort: port, rtpPortRange: [20000, 20199], recordingsDir });
    } catch (err) {
      last = err;
      if (!String((err as Error).message).includes('is in use')) throw err;
    }
  }
  throw last;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('test Janus (scripts/janus.mjs)', () => {
  let tmp: string;
  let janus: RunningJanus;

  beforeAll(async () => {
    if (!janusInstalled()) throw new Error('these tests need Janus (apt-get install janus)');
    tmp = mkdtempSync(path.join(tmpdir(), 'janus-runtime-'));
    janus = await startOnFreePort(path.join(tmp, 'recordings'));
  });

  afterAll(async () => {
    await janus?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('loads only the VideoRoom plugin and the WebSockets transport', async () => {
    const client = await RawJanus.open(janus.url);
    try {
      const info = await client.request({ janus: 'info' });
      expect(Object.keys(info.plugins as object)).toEqual(['janus.plugin.videoroom']);
      expect(Object.keys(info.transports as object)).toEqual(['janus.transport.websockets']);
      expect(info.events).toEqual({});
    } finally {
      client.close();
    }
  });

  it('creates a session, attaches the VideoRoom, creates a room, switches its recording and destroys it', async () => {
    const client = await RawJanus.open(janus.url);
    try {
      const session = await client.request({ janus: 'create' });
      expect(session.janus).toBe('success');
      const session_id = session.data!.id;
      const handle = await client.request({ janus: 'attach', session_id, plugin: 'janus.plugin.videoroom' });
      expect(handle.janus).toBe('success');
      const handle_id = handle.data!.id;
      const room = async (body: Record<string, unknown>) =>
        (await client.request({ janus: 'message', session_id, handle_id, body })).plugindata?.data;

      const recDir = path.join(tmp, 'recordings', 'room-4242');
      expect(await room({ request: 'create', room: 4242, publishers: 4, record: false, rec_dir: recDir })).toEqual({
        videoroom: 'created',
        room: 4242,
        permanent: false,
      });
      expect(await room({ request: 'enable_recording', room: 4242, record: true })).toEqual({
        videoroom: 'success',
        record: true,
      });
      expect(await room({ request: 'edit', room: 4242, new_rec_dir: path.join(tmp, 'recordings', 'next') })).toEqual({
        videoroom: 'edited',
        room: 4242,
        permanent: false,
      });
      expect(await room({ request: 'enable_recording', room: 4242, record: false })).toEqual({
        videoroom: 'success',
        record: false,
      });
      expect(await room({ request: 'destroy', room: 4242 })).toEqual({
        videoroom: 'destroyed',
        room: 4242,
        permanent: false,
      });
      expect(await room({ request: 'exists', room: 4242 })).toMatchObject({ exists: false });

      // the other plugins are not there to attach to
      const echo = await client.request({ janus: 'attach', session_id, plugin: 'janus.plugin.echotest' });
      expect(echo.janus).toBe('error');
      expect(await client.request({ janus: 'destroy', session_id })).toMatchObject({ janus: 'success' });
    } finally {
      client.close();
    }
  });

  it('stop() ends the process and removes its configuration', async () => {
    const { pid, configDir } = janus;
    expect(alive(pid)).toBe(true);
    await janus.stop();
    expect(alive(pid)).toBe(false);
    expect(existsSync(configDir)).toBe(false);
  });
});
