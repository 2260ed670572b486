// `npm run bench:bundles -w bench` (after `npm run build`): first-load JavaScript of both portals, gzipped,
// against the budgets of DESIGN.md §5. The first screen is the entry with its static imports plus the page a
// person lands on: the participant's language page, the staff studies list (the first route after sign-in).
// Staff screens fetch their feature's texts with them (decision 0019): the English texts of the sign-in
// (auth) and of the studies list (studies) are counted as part of the first screen.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const PORTALS = [
  { name: 'participant', pages: [/^LanguagePage-.*\.js$/], budgetKb: 150 },
  { name: 'staff', pages: [/^StudiesPage-.*\.js$/, /^auth\.en-.*\.js$/, /^studies\.en-.*\.js$/], budgetKb: 300 },
];

function firstScreenBytes(dist, pagePatterns) {
  const assets = path.join(dist, 'assets');
  const read = (f) => readFileSync(path.join(assets, f), 'utf8');
  const imports = (f) =>
    [...read(f).matchAll(/(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]);
  const seen = new Set();
  const walk = (f) => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const d of imports(f)) walk(d);
  };
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  for (const m of html.matchAll(/<script[^>]+src="[^"]*\/assets\/([^"]+\.js)"/g)) walk(m[1]);
  for (const pattern of pagePatterns) {
    const page = readdirSync(assets).find((f) => pattern.test(f));
    if (!page) throw new Error(`no chunk matching ${pattern} in ${assets}: build first`);
    walk(page);
  }
  return [...seen].reduce((sum, f) => sum + gzipSync(readFileSync(path.join(assets, f))).length, 0);
}

console.log('| portal | first screen, gzipped | budget | headroom |');
console.log('|---|---:|---:|---:|');
for (const p of PORTALS) {
  const kb = firstScreenBytes(path.join(root, 'apps', p.name, 'dist'), p.pages) / 1000;
  console.log(`| ${p.name} | ${kb.toFixed(1)} kB | ${p.budgetKb} kB | ${(p.budgetKb - kb).toFixed(1)} kB |`);
}
