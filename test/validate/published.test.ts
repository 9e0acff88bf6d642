/**
 * The published dataset as an output target finds it, on literal folders:
 * a folder whose every file matches its digests passes; each kind of damage
 * (a file changed, added, missing, without its digest, not JSON, not a
 * regular file, or records that break their schema or their links) is one
 * error at the file, saying to rebuild.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../pipeline/model/diagnostic.ts';
import { checkPublishedData } from '../../pipeline/validate/published.ts';
import type { Validator } from '../../pipeline/model/validator.ts';
import { ruling, skill } from '../diff/bundle.ts';

const REBUILD = 'rebuild the dataset with `nuffle build --only data`; dist/data is never edited by hand';
const bytes = (text: string) => new TextEncoder().encode(text);
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A folder as the data target writes it: each file with its .sha256, listed in meta.json and SHA256SUMS. */
function folder(texts: Record<string, string>, { sums = true, pretty = true } = {}): Map<string, Uint8Array | null> {
  const files = new Map<string, Uint8Array | null>();
  for (const [path, text] of Object.entries(texts)) {
    const b = bytes(pretty ? `${JSON.stringify(JSON.parse(text), null, 2)}\n` : text);
    files.set(path, b);
    if (!path.includes('/')) files.set(`${path}.sha256`, bytes(`${sha(b)}  ${path}\n`));
  }
  const listed = [...files].filter(([p]) => !p.endsWith('.sha256')).map(([path, b]) => ({ path, sha256: sha(b!), records: null }));
  const meta = bytes(JSON.stringify({ datasetVersion: '1.0.0', schemaVersion: '3.0.0', sources: [], files: listed }));
  files.set('meta.json', meta);
  files.set('meta.json.sha256', bytes(`${sha(meta)}  meta.json\n`));
  if (sums) files.set('SHA256SUMS', bytes(listed.map((f) => `${f.sha256}  ${f.path}\n`).join('')));
  return files;
}
const DATA = {
  'skills.json': JSON.stringify([{ ...skill('dodge'), rulings: ['en-2020/dodge/q-1'] }]),
  'rulings.json': JSON.stringify([ruling('en-2020/dodge/q-1', 'Q?', 'en-2020/dodge')]),
  'schema/skills.schema.json': '{}',
};
const calls: string[] = [];
const accepting: Validator = {
  validate: (schema, _value, file) => {
    calls.push(`${schema} ${file}`);
    return [];
  },
};
const check = (files: Map<string, Uint8Array | null>, validator = accepting) => checkPublishedData(files, validator, 'dist/data');
const problem = (path: string, ruleId: string, reason: string, extra: Partial<Diagnostic> = {}): Diagnostic => ({
  reason,
  file: `dist/data/${path}`,
  place: null,
  ruleId,
  source: 'validate',
  fatal: true,
  note: REBUILD,
  ...extra,
});

describe('checkPublishedData', () => {
  it('passes a folder whose files match their digests and whose records fit and link', () => expect(check(folder(DATA))).toEqual([]));

  it('checks meta.json (first alone, then as a file of the bundle), each data file and its minified copy, and datapackage.json against their schemas', () => {
    calls.length = 0;
    const files = folder({ ...DATA, 'skills.min.json': DATA['skills.json'], 'datapackage.json': '{}' });
    expect(check(files)).toEqual([]);
    expect(calls).toEqual([
      'meta.schema.json dist/data/meta.json',
      'meta.schema.json dist/data/meta.json',
      'skills.schema.json dist/data/skills.json',
      'skills.schema.json dist/data/skills.min.json',
      'rulings.schema.json dist/data/rulings.json',
      'datapackage.schema.json dist/data/datapackage.json',
    ]);
  });

  it('refuses a folder without meta.json, and reports nothing else', () => {
    const files = folder(DATA);
    files.delete('meta.json');
    expect(check(files)).toEqual([problem('meta.json', 'data/missing-file', 'meta.json is missing: nothing says which files the dataset holds')]);
  });

  it('refuses a link or a special file, even without meta.json', () => {
    const files = folder(DATA);
    files.set('evil.json', null);
    files.delete('meta.json');
    expect(check(files).map((d) => d.reason)).toEqual([
      'evil.json is not a regular file (a link or a special file); the data target writes plain files only',
      'meta.json is missing: nothing says which files the dataset holds',
    ]);
  });

  it('refuses a meta.json that is not JSON', () => {
    const files = folder(DATA);
    files.set('meta.json', bytes('{'));
    expect(check(files)).toEqual([problem('meta.json', 'data/unreadable', expect.stringMatching(/^meta\.json is not JSON: /))]);
  });

  it('refuses a file that is not UTF-8', () => {
    const files = folder(DATA);
    files.set('meta.json', new Uint8Array([0x7b, 0xff, 0x7d]));
    expect(check(files).map((d) => d.ruleId)).toEqual(['data/unreadable']);
  });

  it('stops at a meta.json that breaks its schema', () => {
    const broken: Diagnostic = { reason: 'meta', file: 'x', place: null, ruleId: 'schema/invalid', source: 'validate', fatal: true };
    expect(check(folder(DATA), { validate: (schema) => (schema === 'meta.schema.json' ? [broken] : []) })).toEqual([broken]);
  });

  it('refuses a file whose bytes changed, naming every digest that disagrees', () => {
    const files = folder(DATA);
    const changed = bytes('[]\n');
    files.set('skills.json', changed);
    expect(check(files)).toEqual([
      problem(
        'skills.json',
        'data/digest-mismatch',
        'skills.json changed after it was published: its SHA-256 is not the one skills.json.sha256 and meta.json and SHA256SUMS give',
        {
          expected: expect.stringMatching(/^[0-9a-f]{64} \(skills\.json\.sha256\), [0-9a-f]{64} \(meta\.json\), [0-9a-f]{64} \(SHA256SUMS\)$/),
          actual: sha(changed),
        },
      ),
    ]);
  });

  it('says "gives" when one claim disagrees', () => {
    const files = folder(DATA);
    files.set('skills.json.sha256', bytes(`${'0'.repeat(64)}  skills.json\n`));
    expect(check(files)[0]!.reason).toBe('skills.json changed after it was published: its SHA-256 is not the one skills.json.sha256 gives');
  });

  it('reads a .sha256 file for another path as a wrong claim', () => {
    const files = folder(DATA);
    files.set('skills.json.sha256', bytes(`${sha(files.get('skills.json')!)}  rulings.json\n`));
    expect(check(files)[0]).toMatchObject({ ruleId: 'data/digest-mismatch', expected: '(not "<sha256>  skills.json") (skills.json.sha256)' });
  });

  it('checks a schema file against meta.json only (it has no .sha256 beside it)', () => {
    const files = folder(DATA);
    files.set('schema/skills.schema.json', bytes('{"changed":true}'));
    expect(check(files).map((d) => d.reason)).toEqual([
      'schema/skills.schema.json changed after it was published: its SHA-256 is not the one meta.json and SHA256SUMS give',
    ]);
  });

  it('refuses a file meta.json does not list, saying it would be served', () => {
    const files = folder(DATA);
    files.set('extra.json', bytes('[]'));
    expect(check(files)).toEqual([
      problem('extra.json', 'data/unlisted-file', 'extra.json is not a file of the dataset: meta.json does not list it', {
        note: `a file added to dist/data would be served under /data/ as if it were published; ${REBUILD}`,
      }),
    ]);
  });

  it('refuses a listed file that is missing, and its orphaned .sha256 not twice', () => {
    const files = folder(DATA);
    files.delete('rulings.json');
    expect(check(files)).toEqual([problem('rulings.json', 'data/missing-file', 'rulings.json is missing, though meta.json lists it')]);
  });

  it('refuses a .sha256 file of a file that is not there', () => {
    const files = folder(DATA);
    files.set('gone.json.sha256', bytes(`${'0'.repeat(64)}  gone.json\n`));
    expect(check(files)).toEqual([problem('gone.json.sha256', 'data/missing-file', 'gone.json.sha256 gives the digest of gone.json, which is missing')]);
  });

  it('refuses a top-level file without its .sha256', () => {
    const files = folder(DATA);
    files.delete('skills.json.sha256');
    expect(check(files)).toEqual([problem('skills.json', 'data/missing-digest', 'skills.json has no skills.json.sha256 beside it')]);
  });

  it('does without SHA256SUMS, and skips its lines that are not "<sha256>  <path>"', () => {
    expect(check(folder(DATA, { sums: false }))).toEqual([]);
    const files = folder(DATA);
    files.set('SHA256SUMS', bytes(`garbage\n${'0'.repeat(63)}  skills.json\n`));
    expect(check(files)).toEqual([]);
  });

  it('refuses a data file that is not JSON, and does not check links then', () => {
    const files = folder({ ...DATA, 'skills.min.json': '[' }, { pretty: false });
    expect(check(files).map((d) => [d.file, d.ruleId])).toEqual([['dist/data/skills.min.json', 'data/unreadable']]);
  });

  it('reports a record that breaks its schema at the line of its opening brace', () => {
    const places: unknown[] = [];
    const validator: Validator = {
      validate: (schema, _value, _file, locate) => {
        if (schema !== 'rulings.schema.json') return [];
        places.push(locate?.([0, 'id']), locate?.([5]), locate?.(['x']));
        return [{ reason: 'bad', file: 'f', place: null, ruleId: 'schema/invalid', source: 'validate', fatal: true }];
      },
    };
    expect(check(folder(DATA), validator).map((d) => d.reason)).toEqual(['bad']);
    expect(places).toEqual([{ line: 2, column: 3 }, null, null]);
  });

  it('refuses records whose links break, at the folder', () => {
    const files = folder({ ...DATA, 'rulings.json': '[]' });
    expect(check(files)).toEqual([
      {
        reason: 'Record en-2020/dodge links to ruling en-2020/dodge/q-1, which does not exist',
        file: 'dist/data',
        place: null,
        ruleId: 'integrity/dangling-reference',
        source: 'validate',
        fatal: true,
      },
    ]);
  });

  it('checks the links of the files that fit their schemas only', () => {
    const validator: Validator = {
      validate: (schema) =>
        schema === 'rulings.schema.json' ? [{ reason: 'bad', file: 'f', place: null, ruleId: 'schema/invalid', source: 'validate', fatal: true }] : [],
    };
    expect(check(folder(DATA), validator).map((d) => d.ruleId)).toEqual(['schema/invalid']);
  });
});
