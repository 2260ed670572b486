// `npx tsx bench/discovery-timing.ts`: median response times of the public calls that must not tell known
// from unknown accounts (decision 0023), known vs unknown, with production argon2 parameters, on PGlite with
// the demo data, in process (app.inject), with the response floor off and on. Figures only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { testConfig } from '../apps/api/src/config';
import { connectPglite } from '../apps/api/src/db/database';
import { runMigrations } from '../apps/api/src/db/migrate';
import { createPlatform } from '../apps/api/src/platform';
import { seedDemo } from '../apps/api/src/seed/demo';

process.env.NODE_ENV = 'production'; // argon2id 19 MiB / 2 passes, as deployed
const N = Number(process.env.BENCH_SAMPLES ?? 15);

type Req = { url: string; payload: unknown };
const CASES: [string, Req, Req][] = [
  [
    'staff sign-in (wrong password / unknown name)',
    { url: '/api/v1/auth/login', payload: { username: 'crc.demo', password: 'Wrong#pass1' } },
    { url: '/api/v1/auth/login', payload: { username: 'nobody.here', password: 'Wrong#pass1' } },
  ],
  [
    'forgot password',
    { url: '/api/v1/auth/forgot-password', payload: { username: 'crc.demo' } },
    { url: '/api/v1/auth/forgot-password', payload: { username: 'nobody.here' } },
  ],
  [
    'forgot username',
    { url: '/api/v1/auth/forgot-username', payload: { email: 'crc.demo@trialpath.example' } },
    { url: '/api/v1/auth/forgot-username', payload: { email: 'nobody@trialpath.example' } },
  ],
  [
    'participant sign-in (wrong password / unknown name)',
    {
      url: '/api/v1/participant-auth/login',
      payload: { studyCode: 'DEMO', username: 'participant.us2', password: 'Wrong#pass1', deviceId: 'b' },
    },
    {
      url: '/api/v1/participant-auth/login',
      payload: { studyCode: 'DEMO', username: 'nobody', password: 'Wrong#pass1', deviceId: 'b' },
    },
  ],
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

const dir = mkdtempSync(path.join(tmpdir(), 'trialpath-discovery-'));
try {
  const handle = await connectPglite(path.join(dir, 'pgdata'));
  await runMigrations(handle);
  await seedDemo(createPlatform(handle.db, testConfig()));
  for (const floor of [0, 250]) {
    // The reset cap (5 an hour) and the lockout would change the answers mid-run: the cap and the counts are
    // cleared between samples, so every sample takes the same path.
    const app = await buildApp({ db: handle.db, config: testConfig({ publicResponseFloorMs: floor }) });
    for (const [name, known, unknown] of CASES) {
      const times = { known: [] as number[], unknown: [] as number[] };
      for (let i = 0; i < N; i++) {
        for (const [kind, req] of [
          ['known', known],
          ['unknown', unknown],
        ] as const) {
          await handle.exec(
            'delete from reset_requests; update users set failed_attempts = 0, locked_until = null; update participants set failed_attempts = 0, locked_until = null;',
          );
          const t0 = performance.now();
          await app.inject({ method: 'POST', url: req.url, payload: req.payload as object });
          times[kind].push(performance.now() - t0);
        }
      }
      const k = median(times.known);
      const u = median(times.unknown);
      console.log(
        `floor ${String(floor).padStart(3)} ms | ${name.padEnd(52)} | known ${k.toFixed(1)} ms | unknown ${u.toFixed(1)} ms | difference ${(k - u).toFixed(1)} ms`,
      );
    }
    await app.close();
  }
  await handle.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
