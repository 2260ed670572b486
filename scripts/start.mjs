// `npm start`: install what is needed, build both portals, then serve Trialpath on http://localhost:3000.
// Without DATABASE_URL it runs on the embedded database under ./data (seeded with the demo data set when new).
import { execSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

run('bash scripts/ensure-install.sh');
console.log('› building the staff and participant portals');
run('npm run build --silent');
console.log('› starting the API server');
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data') },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
