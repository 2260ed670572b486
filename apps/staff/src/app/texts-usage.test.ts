/**
 * Every text key a screen asks for exists in its feature's namespace or the shell's, and every key a
 * namespace defines is asked for somewhere (decision 0019): texts move with their feature and no dead
 * text stays behind. Keys are read from the source: `t('group.key')`, and `t(`group.prefix_${x}`)` for
 * a family of keys.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en as shellEn } from '../i18n/en';
import type { Texts } from '../shared/feature';
import { FEATURES } from './features';

const SRC = path.resolve(import.meta.dirname, '..');

function sourcesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => readFileSync(path.join(e.parentPath, e.name), 'utf8'));
}

/** The keys a source asks for: literal ones, and the prefixes of template ones. */
function usedKeys(sources: string[]): { literal: Set<string>; prefixes: Set<string> } {
  const literal = new Set<string>();
  const prefixes = new Set<string>();
  for (const s of sources) {
    for (const m of s.matchAll(/\bt\(\s*'([\w.]+)'/g)) literal.add(m[1]!);
    for (const m of s.matchAll(/\bt\(\s*`([\w.]*)\$\{/g)) prefixes.add(m[1]!);
  }
  return { literal, prefixes };
}

function keysOf(texts: Texts, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([k, v]) =>
    typeof v === 'string' ? [prefix + k] : keysOf(v, `${prefix}${k}.`),
  );
}

/** i18next's plural keys (`count_one`, `count_other`) are asked for as `count`. */
const asked = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

const shellKeys = keysOf(shellEn);
const featureSources = Object.fromEntries(FEATURES.map((f) => [f.id, sourcesIn(path.join(SRC, 'features', f.id))]));
const shellUse = usedKeys(['app', 'shared', 'i18n'].flatMap((d) => sourcesIn(path.join(SRC, d))));

describe('text keys in use (decision 0019)', () => {
  it.each(FEATURES.map((f) => [f.id, f] as const))(
    '%s asks only for keys its namespace or the shell has',
    async (id, f) => {
      const own = keysOf((await f.texts.en()).default).map(asked);
      const known = new Set([...own, ...shellKeys.map(asked)]);
      const { literal, prefixes } = usedKeys(featureSources[id]!);
      expect([...literal].filter((k) => !known.has(k))).toEqual([]);
      expect([...prefixes].filter((p) => ![...known].some((k) => k.startsWith(p)))).toEqual([]);
    },
  );

  it('the shell asks only for its own keys', () => {
    const known = new Set(shellKeys.map(asked));
    expect([...shellUse.literal].filter((k) => !known.has(k))).toEqual([]);
  });

  it('every key of every namespace is used', async () => {
    const all = [shellUse, ...FEATURES.map((f) => usedKeys(featureSources[f.id]!))];
    const isUsed = (key: string) =>
      all.some((u) => u.literal.has(asked(key)) || [...u.prefixes].some((p) => p !== '' && key.startsWith(p)));
    const unused = shellKeys.filter((k) => !isUsed(k)).map((k) => `shell:${k}`);
    for (const f of FEATURES) {
      const own = keysOf((await f.texts.en()).default);
      unused.push(...own.filter((k) => !isUsed(k)).map((k) => `${f.id}:${k}`));
    }
    expect(unused).toEqual([]);
  });
});
