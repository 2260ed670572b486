/** The API server as production runs it (NODE_ENV=production, tsx), on a free port, for the benches. */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitReady(url: string, proc: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become ready');
}

/** The server with these settings (DATABASE_URL, JWT_SECRET…) over the production defaults. */
export async function startApiServer(env: Record<string, string>) {
  const port = await freePort();
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (where its time goes)
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const proc = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT_MAX: '1000000',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitReady(url, proc);
  return {
    url,
    pid: proc.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}
