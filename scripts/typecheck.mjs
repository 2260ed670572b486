// `npm run typecheck`: strict TypeScript over every workspace that has a tsconfig.json.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
let failed = false;
// The workspaces, and the repository's own structure checks.
for (const ws of [...workspaces, 'scripts/architecture']) {
  if (!existsSync(path.join(root, ws, 'tsconfig.json'))) continue;
  try {
    execFileSync(process.execPath, [tsc, '-p', ws, '--noEmit'], { cwd: root, stdio: 'inherit' });
    console.log(`✓ ${ws}`);
  } catch {
    console.log(`✗ ${ws}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
