/**
 * One loader per data file of the package, each importing its file through a
 * static specifier (`../data/skills.json`, from dist/lib to dist/data): a
 * bundler (Vite, esbuild, Rollup, webpack) sees exactly which files an app's
 * calls reach and includes those only, and inlines them, so the bundle runs
 * wherever it is moved. A loader no function of the app calls is dropped by
 * tree-shaking (each is a pure top-level constant). Each file is loaded once,
 * on first use.
 *
 * The specifiers resolve in the package, not in the repository (there is no
 * pipeline/data): the api target compiles this module beside the published
 * declarations (dist/data/*.json.d.ts, copied as *.d.json.ts), where each import is checked against
 * the file's type; the repository's own type check cannot see them, hence the
 * `@ts-ignore` on each (never `@ts-expect-error`, which the package's compile
 * would refuse).
 */
import type { Concept, CrosswalkRow, Edition, Inducement, League, Migration, NameEntry, RandomTable, Ruling, Skill } from '../model/schema-types.ts';

/**
 * `value` and every object and array in it, frozen (without recursion: a
 * walk with a stack). The data files are loaded once and shared by every
 * call, so what a function hands out is frozen: a caller that changes a
 * record gets a TypeError (in strict code), and the next call's answer is
 * the same.
 */
function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length) {
    const current = stack.pop();
    if (current === null || typeof current !== 'object' || Object.isFrozen(current)) continue;
    Object.freeze(current);
    for (const child of Object.values(current)) stack.push(child);
  }
  return value;
}

/**
 * A loader that runs `load` on its first call only, and freezes what it loaded.
 * Also used by the package's edition loaders, which the api target writes
 * (targets/api.ts editionDataModule).
 * @public
 */
export const once = <T>(load: () => Promise<{ default: T }>): (() => Promise<T>) => {
  let pending: Promise<T> | undefined;
  return () => (pending ??= load().then((module) => deepFreeze(module.default)));
};

// @ts-ignore: resolves in the package (dist/lib → dist/data)
export const loadSkills = /* @__PURE__ */ once<Skill[]>(() => import('../data/skills.json', { with: { type: 'json' } }));
// @ts-ignore: resolves in the package (dist/lib → dist/data)
export const loadConcepts = /* @__PURE__ */ once<Concept[]>(() => import('../data/concepts.json', { with: { type: 'json' } }));
// @ts-ignore: resolves in the package (dist/lib → dist/data)
export const loadRulings = /* @__PURE__ */ once<Ruling[]>(() => import('../data/rulings.json', { with: { type: 'json' } }));
// @ts-ignore: resolves in the package (dist/lib → dist/data)
export const loadRandomTables = /* @__PURE__ */ once<RandomTable[]>(() => import('../data/random-tables.json', { with: { type: 'json' } }));
// @ts-ignore: resolves in the package (dist/lib → dist/data)
export const loadCrosswalk = /* @__PURE__ */ once<CrosswalkRow[]>(() => import('../data/crosswalk.json', { with: { type: 'json' } }));
// @ts-ignore: resolves in the package (dist/lib → dist/data)
export const loadEditions = /* @__PURE__ */ once<Edition[]>(() => import('../data/editions.json', { with: { type: 'json' } }));
// @ts-ignore: resolves in the package (dist/lib → dist/data)
export const loadMigrations = /* @__PURE__ */ once<Migration[]>(() => import('../data/migrations.json', { with: { type: 'json' } }));
// @ts-ignore: resolves in the package (dist/lib → dist/data)
export const loadNames = /* @__PURE__ */ once<NameEntry[]>(() => import('../data/names.json', { with: { type: 'json' } }));
// @ts-ignore: resolves in the package (dist/lib → dist/data)
export const loadInducements = /* @__PURE__ */ once<Inducement[]>(() => import('../data/inducements.json', { with: { type: 'json' } }));
// @ts-ignore: resolves in the package (dist/lib → dist/data)
export const loadLeagues = /* @__PURE__ */ once<League[]>(() => import('../data/leagues.json', { with: { type: 'json' } }));
