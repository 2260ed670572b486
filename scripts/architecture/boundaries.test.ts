/**
 * The layers and module boundaries (DESIGN.md §2, docs/decisions/0013-module-boundaries.md), checked
 * on every import so that a change crossing one fails the build instead of growing quietly.
 */
import { describe, expect, it } from 'vitest';
import { type ImportEdge, importsUnder } from './imports';

const isTest = (file: string) => /\.test\.tsx?$|\/test\/|test-utils|test-kit|test-setup/.test(file);
const show = (e: ImportEdge) => `${e.from} → ${e.to ?? e.specifier}`;

/**
 * The workspace packages a package's source may use. `@trialpath/domain/staff-messages` registers the single
 * sign-on and study build messages; the participant portal must not carry them (its 150 kB first-load budget).
 */
const WORKSPACE_DEPENDENCIES: Record<string, readonly string[]> = {
  'packages/domain/src': [],
  'packages/contract/src': ['@trialpath/domain'],
  'packages/ui/src': ['@trialpath/domain', '@trialpath/contract'],
  'apps/staff/src': ['@trialpath/domain', '@trialpath/domain/staff-messages', '@trialpath/contract', '@trialpath/ui'],
  // the activity messages come with the activity player, which loads on demand
  'apps/participant/src': [
    '@trialpath/domain',
    '@trialpath/domain/activity-messages',
    '@trialpath/contract',
    '@trialpath/ui',
  ],
  'apps/api/src': ['@trialpath/domain', '@trialpath/domain/staff-messages', '@trialpath/contract'],
};

describe('workspace layers: domain ← contract ← ui ← portals; the API uses domain and contract', () => {
  it.each(Object.entries(WORKSPACE_DEPENDENCIES))('%s', (folder, allowed) => {
    const edges = importsUnder(folder).filter((e) => !isTest(e.from));
    const wrongPackage = edges.filter((e) => e.specifier.startsWith('@trialpath/') && !allowed.includes(e.specifier));
    // A relative import must stay inside its own workspace (no reaching into another app or package).
    const root = folder.replace(/\/src$/, '/');
    const outside = edges.filter((e) => e.to !== null && !e.to.startsWith(root));
    expect([...wrongPackage, ...outside].map(show)).toEqual([]);
  });
});

/** apps/api/src/modules/<area>/… → the area, or null outside modules. */
function areaOf(file: string): string | null {
  const m = /^apps\/api\/src\/modules\/([^/]+)\//.exec(file);
  return m ? m[1]! : null;
}

describe('API: module boundaries', () => {
  const edges = importsUnder('apps/api/src').filter((e) => e.to !== null && !isTest(e.from));

  it('the kernel and the HTTP plumbing import no module and no composition file', () => {
    const bad = edges.filter(
      (e) =>
        /^apps\/api\/src\/(kernel|http)\//.test(e.from) &&
        (areaOf(e.to!) !== null || /^apps\/api\/src\/(app|platform|routes|server)\.ts$/.test(e.to!)),
    );
    expect(bad.map(show)).toEqual([]);
  });

  it("a module uses another module only through that module's services", () => {
    const bad = edges.filter((e) => {
      const from = areaOf(e.from);
      const to = areaOf(e.to!);
      return from !== null && to !== null && from !== to && !e.to!.endsWith('.service.ts');
    });
    expect(bad.map(show)).toEqual([]);
  });

  it('outside the modules, only their services, routes, seeds and jobs are used (never a repository)', () => {
    const bad = edges.filter(
      (e) => areaOf(e.from) === null && areaOf(e.to!) !== null && !/\.(service|routes|seed|job)\.ts$/.test(e.to!),
    );
    expect(bad.map(show)).toEqual([]);
  });

  it('modules depend on each other one way only (no cycle between areas)', () => {
    const deps = new Map<string, Set<string>>();
    for (const e of edges) {
      const from = areaOf(e.from);
      const to = areaOf(e.to!);
      if (from && to && from !== to) deps.set(from, (deps.get(from) ?? new Set()).add(to));
    }
    const cycles: string[] = [];
    const visit = (area: string, path: string[]) => {
      if (path.includes(area)) {
        cycles.push([...path.slice(path.indexOf(area)), area].join(' → '));
        return;
      }
      for (const next of deps.get(area) ?? []) visit(next, [...path, area]);
    };
    for (const area of deps.keys()) visit(area, []);
    expect([...new Set(cycles)]).toEqual([]);
  });

  it('the check sees the imports it judges (a repository import from another module would be caught)', () => {
    // Guards the guard: the module graph is read at all, and holds module-to-service edges.
    const crossModule = edges.filter((e) => areaOf(e.from) && areaOf(e.to!) && areaOf(e.from) !== areaOf(e.to!));
    expect(crossModule.length).toBeGreaterThan(10);
    expect(crossModule.every((e) => e.to!.endsWith('.service.ts'))).toBe(true);
  });
});
