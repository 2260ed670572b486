// First-load JavaScript of the participant portal, gzipped (budget: 150 KB, DESIGN.md §5).
// Counts the entry chunk with everything it imports statically, plus — for the first screen a
// person sees (the language page) — the lazily loaded page chunk and its static imports.
// Usage: node scripts/measure-bundle.mjs [dist]
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'dist'));
const assets = path.join(dist, 'assets');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const gz = (file) => gzipSync(readFileSync(path.join(assets, file))).length;
const staticImports = (file) => {
  const code = readFileSync(path.join(assets, file), 'utf8');
  const out = new Set();
  for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g))
    out.add(m[1]);
  return [...out];
};
const closure = (roots) => {
  const seen = new Set();
  const walk = (f) => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const d of staticImports(f)) walk(d);
  };
  for (const r of roots) walk(r);
  return seen;
};
const entry = [...html.matchAll(/<script[^>]+src="[^"]*\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const initial = closure(entry);
const kb = (n) => `${(n / 1000).toFixed(1)} kB (${(n / 1024).toFixed(1)} KiB)`;
const sum = (files) => [...files].reduce((a, f) => a + gz(f), 0);
const page = readdirSync(assets).find((f) => /^LanguagePage-.*\.js$/.test(f));
const firstScreen = closure([...initial, ...(page ? [page] : [])]);
console.log(`initial chunks (entry + static imports): ${kb(sum(initial))} gzipped [${[...initial].join(', ')}]`);
console.log(`first screen (initial + language page):  ${kb(sum(firstScreen))} gzipped`);
const all = readdirSync(assets).filter((f) => f.endsWith('.js'));
console.log(`all JavaScript:                          ${kb(sum(all))} gzipped in ${all.length} files`);
