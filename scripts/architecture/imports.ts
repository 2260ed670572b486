/** Every import of every TypeScript file under a folder, resolved to a repository path when it is relative. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const REPO = path.resolve(import.meta.dirname, '../..');

export interface ImportEdge {
  /** The importing file, relative to the repository (forward slashes). */
  from: string;
  /** What the file wrote: `./x`, `@trialpath/domain`, `node:fs`… */
  specifier: string;
  /** The imported file relative to the repository, for relative imports that resolve; else null. */
  to: string | null;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function resolveRelative(fromFile: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const rel = (p: string) => path.relative(REPO, p).split(path.sep).join('/');

/** Import (and re-export) edges of the TypeScript files under `folder` (relative to the repository). */
export function importsUnder(folder: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of walk(path.join(REPO, folder))) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const imported of info.importedFiles) {
      const specifier = imported.fileName;
      const to = specifier.startsWith('.') ? resolveRelative(file, specifier) : null;
      edges.push({ from: rel(file), specifier, to: to ? rel(to) : null });
    }
  }
  return edges;
}
