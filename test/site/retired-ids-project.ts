/**
 * One changed project for the tests of retired ids, built once per run and
 * shared read-only (`sharedStep`): a site build costs about 12 s of CPU, and
 * test/updates/retired-pages.test.ts and test/site/security.test.ts need the
 * same kind of project. On a copy of the real project:
 *
 * - a rule update (retired-pages): Sidestep renamed to Side Step (migrated),
 *   Fumblerooskie withdrawn (its slots in two random tables reviewed as a
 *   re-roll and as vacant);
 * - two ids retired by merging (security): `<id>-retired` of the lock's first
 *   live record and concept, published in the lock and merged into those, so
 *   the host rules redirect from their stubs;
 * - built as deployed, with a public origin and a report address
 *   (NUFFLE_SITE_URL, NUFFLE_REPORT_URL): canonical links are absolute, the
 *   build writes a sitemap, every page links to the report form.
 *
 * Targets: data, api and site, in one `nuffle build` (a child process: the
 * site runs Astro).
 */
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import type { Migration } from '../../pipeline/model/schema-types.ts';
import { copyProject, runCliProcess } from '../helpers.ts';
import { sharedStep } from '../shared-build.ts';
import { appendEntries, setField } from '../yaml-edit.ts';

export const ORIGIN = 'https://codex.example.org/';
export const REPORT = 'https://example.org/report';

/** A retired id: its kind, the old id, and the published id it was merged into. */
export type RetiredId = [kind: 'record' | 'concept', from: string, to: string];

export interface RetiredIdsSite {
  /** The `--out` folder: `data/`, `api/`, `site/`. */
  out: string;
  /** The two ids retired by merging (security's). */
  retired: RetiredId[];
}

const datasetVersion = (root: string): string =>
  (parseYaml(readFileSync(join(root, 'sources/manifest.yaml'), 'utf8')) as { dataset: { version: string } }).dataset.version;

function edit(root: string, path: string, change: (text: string) => string): void {
  const text = readFileSync(join(root, path), 'utf8');
  if (change(text) === text) throw new Error(`the edit changed nothing in ${path}`);
  writeFileSync(join(root, path), change(text));
}

/** Sidestep renamed, Fumblerooskie withdrawn and its slots reviewed. */
function ruleUpdate(root: string): void {
  const since = datasetVersion(root);
  const migration = (id: string, kind: string, to: string | null) => ({ id, kind, action: to ? 'renamed' : 'deleted', to, since, note: 'a test' });
  edit(root, 'sources/raw/en-2020-skills-traits.txt', (t) =>
    t.replace(/^Sidestep$/m, 'Side Step').replace(/\nFumblerooskie\nPassing\n[^\n]*\nBloodbowl[^\n]*\nDungeonbowl[^\n]*\n/, '\n'),
  );
  edit(root, 'sources/annotations/crosswalk.yaml', (t) => setField(t, ['links'], { concept: 'sidestep' }, 'concept', 'side-step'));
  edit(root, 'sources/annotations/migrations.yaml', (t) =>
    appendEntries(
      t,
      ['migrations'],
      [
        migration('en-2020/sidestep', 'record', 'en-2020/side-step'),
        migration('sidestep', 'concept', 'side-step'),
        migration('en-2020/fumblerooskie', 'record', null),
        migration('fumblerooskie', 'concept', null),
      ],
    ),
  );
  const slot = (table: string, roll: string, d6: number, vacancy: string) => ({ table, roll, d6, vacancy, reason: 'a test' });
  edit(root, 'sources/annotations/random-tables.yaml', (t) =>
    appendEntries(t, ['slots'], [slot('en-2020/blood-bowl/passing', '1-3', 5, 're-roll'), slot('en-2020/dungeon-bowl/passing', '1-3', 3, 'vacant')]),
  );
}

/** Two more ids published in the lock (`<id>-retired` of its first live record and concept) and merged into those. */
function mergedIds(root: string): RetiredId[] {
  const lock = readFileSync(join(root, 'sources/ids.lock'), 'utf8');
  const file = join(root, 'sources/annotations/migrations.yaml');
  const doc = parseYaml(readFileSync(file, 'utf8')) as { migrations: Migration[] };
  const gone = new Set(doc.migrations.map((m) => m.id));
  const locked = new Set(lock.split('\n').map((line) => line.split(' ').slice(0, 2).join(' ')));
  const retired = (['record', 'concept'] as const).map((kind): RetiredId => {
    const to = [...locked].find((entry) => entry.startsWith(`${kind} `) && !gone.has(entry.slice(kind.length + 1)))!.slice(kind.length + 1);
    let from = `${to}-retired`;
    while (locked.has(`${kind} ${from}`)) from += '-again';
    return [kind, from, to];
  });
  appendFileSync(join(root, 'sources/ids.lock'), retired.map(([kind, from]) => `${kind} ${from}\n`).join(''));
  const since = datasetVersion(root);
  doc.migrations.push(
    ...retired.map(([kind, id, to]) => ({ id, kind, action: 'merged' as const, to, since, note: 'retired by test/site/retired-ids-project.ts' })),
  );
  writeFileSync(file, stringifyYaml(doc));
  return retired;
}

/** The project built, once per run (the first test file to ask builds it; the others wait and read it). */
export function retiredIdsSite(): RetiredIdsSite {
  const dir = sharedStep('retired-ids-site', (folder) => {
    const root = copyProject();
    ruleUpdate(root);
    const retired = mergedIds(root);
    const out = join(folder, 'out');
    mkdirSync(out);
    const run = runCliProcess(['build', '--root', root, '--out', out, '--only', 'data,api,site'], {
      env: { NUFFLE_SITE_URL: ORIGIN, NUFFLE_REPORT_URL: REPORT },
    });
    if (run.status !== 0) throw new Error(`nuffle build of the retired-ids project failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
    writeFileSync(join(folder, 'retired.json'), JSON.stringify(retired));
  });
  return { out: join(dir, 'out'), retired: JSON.parse(readFileSync(join(dir, 'retired.json'), 'utf8')) as RetiredId[] };
}
