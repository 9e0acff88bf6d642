/**
 * The stability policy apps rely on (issue 35, item 6; docs/DATA.md,
 * "Stability"): it answers what each part of the version promises, how long
 * a retired id keeps resolving, what a schema major means for a pinned app
 * and how a deprecation is announced; each check it names exists; and the
 * promise the release tool keeps holds: a new schema major is a dataset
 * major, never less.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesBump, largerBump } from '../pipeline/diff/bump.ts';
import type { MetaFile } from '../pipeline/model/schema-types.ts';
import { repoRoot } from './helpers.ts';

const data = readFileSync(join(repoRoot, 'docs/DATA.md'), 'utf8');
const section = data.slice(data.indexOf('\n## Stability\n'), data.indexOf('\n## ', data.indexOf('\n## Stability\n') + 5));

describe('the stability policy', () => {
  it('is written in docs/DATA.md, which the package ships, and the README links it', () => {
    expect(section.length).toBeGreaterThan(500);
    expect((JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { files: string[] }).files).toContain('docs/DATA.md');
    expect(readFileSync(join(repoRoot, 'README.md'), 'utf8')).toContain('docs/DATA.md#stability');
  });

  it.each([
    ['what each part of the version promises', /\*\*The version\.\*\*[\s\S]*\*\*patch\*\*[\s\S]*\*\*minor\*\*[\s\S]*\*\*major\*\*/],
    ['what a schema major means for a pinned app', /\*\*The schema\.\*\*[\s\S]*pinned to `\^X` never receives/],
    ['how long a retired id keeps resolving', /\*\*Retired ids resolve for ever\.\*\*[\s\S]*no time limit/],
    ['how a deprecation is announced', /\*\*Deprecation\.\*\*[\s\S]*`Deprecated:`[\s\S]*CHANGELOG\.md/],
  ])('says %s', (_, pattern) => expect(section).toMatch(pattern));

  it('names checks that exist', () => {
    const named = [...section.matchAll(/`((?:test|pipeline)\/[\w./-]+\.ts)`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(2);
    for (const path of named) expect(existsSync(join(repoRoot, path)), path).toBe(true);
  });
});

describe('a new schema major', () => {
  const meta = (schemaVersion: string): MetaFile => ({ datasetVersion: '1.0.0', schemaVersion, releaseDate: null, sources: [], files: [] });
  it('calls for a dataset major, whatever the data did', () => {
    expect(filesBump(meta('3.2.0'), meta('4.0.0'))).toBe('major');
    expect(largerBump('patch', filesBump(meta('3.2.0'), meta('4.0.0')))).toBe('major');
  });
  it('and a schema minor for a dataset minor at least', () => expect(filesBump(meta('3.1.0'), meta('3.2.0'))).toBe('minor'));
});
