/** A call's signalling connection as the tests open it (a real WebSocket of the listening server). */
import { CALL_SIGNAL_PATH, type ServerSignal } from '@trialpath/contract';
import WebSocket from 'ws';

/** A signalling connection: its messages as they come, and a wait for the next of a type. */
export async function openSignal(base: string, token?: string) {
  const socket = new WebSocket(`${base}${CALL_SIGNAL_PATH}`);
  const seen: ServerSignal[] = [];
  const waiters: (() => void)[] = [];
  let closed: { code: number } | null = null;
  socket.on('message', (d) => {
    seen.push(JSON.parse(String(d)));
    for (const w of waiters.splice(0)) w();
  });
  socket.on('close', (code) => {
    closed = { code };
    for (const w of waiters.splice(0)) w();
  });
  await new Promise((r, j) => socket.once('open', r).once('error', j));
  if (token) socket.send(JSON.stringify({ type: 'hello', token }));
  const next = async <K extends ServerSignal['type']>(type: K): Promise<Extract<ServerSignal, { type: K }>> => {
    for (let i = 0; i < 200; i++) {
      const found = seen.find((m) => m.type === type);
      if (found) {
        seen.splice(seen.indexOf(found), 1);
        return found as Extract<ServerSignal, { type: K }>;
      }
      if (closed) throw new Error(`closed (${closed.code}) before ${type}: ${JSON.stringify(seen)}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 50);
      });
    }
    throw new Error(`no ${type}: ${JSON.stringify(seen)}`);
  };
  const closing = () => new Promise<number>((r) => (closed ? r(closed.code) : socket.once('close', (code) => r(code))));
  return { socket, next, closing, send: (m: unknown) => socket.send(JSON.stringify(m)) };
}

export async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}
