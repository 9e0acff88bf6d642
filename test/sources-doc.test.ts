/**
 * docs/SOURCES.md cannot drift from the parsers: every `text example="<parser>"`
 * block is parsed by that parser and gives what the `yaml parses-to` block
 * after it says, and every `yaml annotation="<file>"` block is valid against
 * that annotation file's schema. Every parser has at least one example.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readSchemaFiles } from '../pipeline/io.ts';
import type { ManifestSource } from '../pipeline/model/schema-types.ts';
import { splitLines } from '../pipeline/parse/errata.ts';
import { PARSERS } from '../pipeline/parse/parsers.ts';
import { createValidator } from '../pipeline/validate/schemas.ts';
import { repoRoot } from './helpers.ts';

const doc = readFileSync(join(repoRoot, 'docs/SOURCES.md'), 'utf8');

/** Every fenced block of the page: its info string and its text, in order. */
const blocks = [...doc.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)].map((m) => ({ info: m[1]!.trim(), text: m[2]! }));

/** Each example with the `parses-to` block right after it. */
const examples = blocks.flatMap((block, n) => {
  const parser = /^text example="([^"]+)"$/.exec(block.info)?.[1];
  if (!parser) return [];
  const next = blocks[n + 1];
  if (next?.info !== 'yaml parses-to') throw new Error(`docs/SOURCES.md: the ${parser} example #${n} has no yaml parses-to block after it`);
  return [{ parser, text: block.text, expected: parse(next.text) as Record<string, unknown> }];
});

/** The edition, language and games each parser's real source has (the manifest's shape, written here). */
const SOURCES: Record<string, Pick<ManifestSource, 'lang' | 'edition' | 'games'>> = {
  'en-2020': { lang: 'en', edition: { id: 'en-2020', label: 'English 2020', year: 2020, status: 'superseded' } },
  'traits-alt': { lang: 'en', edition: { id: 'en-traits-alt', label: 'Later wording', year: 2025, status: 'current' }, games: ['blood-bowl'] },
  'fr-legacy': { lang: 'fr', edition: { id: 'fr-legacy', label: 'Liste', year: 2006, circa: true, status: 'superseded' }, games: ['blood-bowl'] },
  inducements: { lang: 'en', edition: { id: 'en-2020-inducements', label: 'Notes', year: 2020, status: 'superseded' } },
};

function parseExample(parser: string, text: string) {
  const manifest = { id: `${parser}-doc`, file: 'docs/SOURCES.md', parser, note: 'an example', ...SOURCES[parser]! } as ManifestSource;
  return PARSERS[parser]!({ manifest, lines: splitLines(text), errata: new Map() });
}

describe('docs/SOURCES.md', () => {
  it('has an example for every parser', () => {
    expect([...new Set(examples.map((e) => e.parser))].sort()).toEqual(Object.keys(PARSERS).sort());
  });

  it.each(examples.map((e, n) => [`${e.parser} #${n + 1}`, e] as const))('%s parses as the page says', (_, { parser, text, expected }) => {
    const { diagnostics = [], ...parts } = expected as { diagnostics?: string[] };
    const result = parseExample(parser, text);
    expect(result.diagnostics.map((d) => `${d.place?.line ?? '-'} ${d.ruleId}`)).toEqual(diagnostics);
    expect(result).toMatchObject(parts);
  });

  const schemas = readSchemaFiles(repoRoot);
  const validator = createValidator(schemas);
  /** What each annotation file holds at the least, so that a snippet of one of its lists can be checked alone. */
  const EMPTY: Record<string, Record<string, unknown>> = {
    crosswalk: { concepts: [], links: [] },
    migrations: { migrations: [] },
    'random-tables': { slots: [] },
  };
  const annotations = blocks.flatMap((b) => {
    const file = /^yaml annotation="([^"]+)"$/.exec(b.info)?.[1];
    return file ? [{ file, value: parse(b.text) as Record<string, unknown> }] : [];
  });

  it('has annotation examples', () => expect(annotations.length).toBeGreaterThan(3));

  it.each(annotations.map((a, n) => [`${a.file} #${n + 1}`, a] as const))('%s is valid against its schema', (_, { file, value }) => {
    expect(validator.validate(`input/${file}.schema.json`, { ...EMPTY[file], ...value }, `sources/annotations/${file}.yaml`)).toEqual([]);
  });
});
