/**
 * No regular expression of the code can backtrack catastrophically, proven
 * statically rather than timed: every literal and every `new RegExp(…)` in
 * pipeline/ and site/src/ (found by the TypeScript scanner, test/regex-sites.ts)
 * and every `pattern` of schema/ is checked with recheck, which fails on any
 * it calls vulnerable (exponential or polynomial) and names an attack string.
 *
 * A pattern built at run time has its call site listed in CONSTRUCTED with
 * the sources it can build: from the real sources' names, aliases, glossary
 * and headings, and from hostile ones. A new call site fails until it is
 * listed here (or written as a literal).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { check } from 'recheck';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { gameTermPattern, GAME_TERMS, glossaryTermPattern } from '../pipeline/link/suggest.ts';
import { headingPattern } from '../pipeline/link/inducements.ts';
import { mentionPattern, namePattern, startsPattern } from '../pipeline/link/mentions.ts';
import type { GlossaryTerm, InducementAnnotations } from '../pipeline/model/schema-types.ts';
import { codeFiles, regexSites } from './regex-sites.ts';
import { mentionRules, repoRoot, skills } from './helpers.ts';

const annotation = <T>(name: string): T => parse(readFileSync(join(repoRoot, 'sources/annotations', name), 'utf8')) as T;

/**
 * Names a source could print and the build accepts (at most 80 characters,
 * the schemas' maxLength, checked by pipeline/validate/strings.ts): long
 * runs of what each piece of a pattern accepts.
 */
const HOSTILE_NAMES = [
  '- -',
  'a'.repeat(80),
  'A-'.repeat(40),
  'A '.repeat(40),
  'and & and & and',
  '(((((a',
  'x.*+?^${}()|[]\\/',
  'É'.repeat(80),
  'Dump-off-'.repeat(8),
  'ß Straße',
];

function realNames(): string[] {
  const rules = mentionRules();
  return [...new Set([...skills().map((s) => s.name), ...rules.aliases.flatMap((a) => [a.alias, a.name]), ...HOSTILE_NAMES])];
}

/** Every constructed pattern: `file: argument as written` → the sources it can build (with flags). */
const CONSTRUCTED: Record<string, () => { source: string; flags: string }[]> = {
  "pipeline/link/mentions.ts: mentionPattern(pattern.name), 'gu'": () => realNames().map((name) => ({ source: mentionPattern(name), flags: 'gu' })),
  "pipeline/link/mentions.ts: namePattern(name), 'uy'": () => realNames().map((name) => ({ source: namePattern(name), flags: 'uy' })),
  "pipeline/link/mentions.ts: startsPattern(firsts), 'gu'": () => [
    { source: startsPattern(new Set(realNames().map((n) => n.trim()[0] ?? 'a'))), flags: 'gu' },
    { source: startsPattern(['\\', ']', '^', '-', '&a', '[', '(']), flags: 'gu' },
  ],
  "pipeline/link/suggest.ts: glossaryTermPattern(fr), 'gu'": () =>
    [...annotation<{ terms: GlossaryTerm[] }>('glossary.yaml').terms.map((t) => t.fr), ...HOSTILE_NAMES].map((fr) => ({
      source: glossaryTermPattern(fr),
      flags: 'gu',
    })),
  "pipeline/link/suggest.ts: gameTermPattern(term), 'u'": () =>
    [...GAME_TERMS, ...HOSTILE_NAMES].map((term) => ({ source: gameTermPattern(term), flags: 'u' })),
  "pipeline/link/inducements.ts: headingPattern(heading), 'u'": () =>
    [
      ...annotation<InducementAnnotations>('inducements.yaml').records.flatMap((r) => [...(r.abilities ?? []), ...(r.spells ?? [])]),
      ...HOSTILE_NAMES.map((n) => n.toUpperCase()),
    ].map((heading) => ({ source: headingPattern(heading), flags: 'u' })),
};

/** Every `pattern` keyword of a JSON Schema under schema/ (ajv compiles them with the `u` flag). */
function schemaPatterns(): { where: string; source: string; flags: string }[] {
  const out: { where: string; source: string; flags: string }[] = [];
  const visit = (value: unknown, where: string): void => {
    if (Array.isArray(value)) for (const [i, v] of value.entries()) visit(v, `${where}/${i}`);
    else if (value && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) {
        if (key === 'pattern' && typeof v === 'string') out.push({ where: `${where}/pattern`, source: v, flags: 'u' });
        else visit(v, `${where}/${key}`);
      }
    }
  };
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(repoRoot, dir), { withFileTypes: true })) {
      if (entry.isDirectory()) walk(`${dir}/${entry.name}`);
      else if (entry.name.endsWith('.json')) visit(JSON.parse(readFileSync(join(repoRoot, dir, entry.name), 'utf8')), `${dir}/${entry.name}#`);
    }
  };
  walk('schema');
  return out;
}

const sites = codeFiles(repoRoot, ['pipeline', 'site/src']).flatMap((file) => regexSites(repoRoot, file));

describe('regular expressions (recheck)', () => {
  it('finds the code’s expressions: literals, string-built and constructed ones, in TypeScript and Astro', () => {
    const at = (file: string, source: string) => sites.some((s) => s.file === file && s.source === source);
    // A literal in a pipeline module, one in generated code (as a string), one in an Astro template expression.
    expect(at('pipeline/model/slug.ts', '[^a-z0-9]+')).toBe(true);
    expect(sites.some((s) => s.file === 'pipeline/validate/generated/validators.js' && s.source !== null)).toBe(true);
    expect(at('site/src/components/views/WhatChanged.astro', '0(?=\\D*$)')).toBe(true);
    // Division is not an expression, and a closing tag in a template is not one either.
    expect(sites.filter((s) => s.source !== null && /^\s/.test(s.source))).toEqual([]);
  });

  it('lists every constructed pattern’s call site, and no stale one', () => {
    const constructed = sites.filter((s) => s.source === null).map((s) => `${s.file}: ${s.argument}`);
    expect([...new Set(constructed)].sort()).toEqual(Object.keys(CONSTRUCTED).sort());
  });

  it('are all safe: none exponential or polynomial', { timeout: 600_000 }, async () => {
    const unique = new Map<string, { where: string; source: string; flags: string }>();
    const add = (where: string, source: string, flags: string) => {
      const key = `${flags}/${source}`;
      if (!unique.has(key)) unique.set(key, { where, source, flags });
    };
    for (const s of sites) if (s.source !== null) add(`${s.file}:${s.line}`, s.source, s.flags);
    for (const [site, sources] of Object.entries(CONSTRUCTED)) for (const { source, flags } of sources()) add(site, source, flags);
    for (const { where, source, flags } of schemaPatterns()) add(where, source, flags);
    expect(unique.size).toBeGreaterThan(100);
    const unsafe: string[] = [];
    for (const { where, source, flags } of unique.values()) {
      // No time limit (an undecided pattern would fail below) and a fixed seed for recheck's fuzzing: the same verdicts on every run.
      // Its fuzzing counts steps, not milliseconds: an attack or an incubation timed by the clock misjudged a linear
      // pattern on a loaded machine (a 1 s match taken for a blow-up), so both limits are its step limits alone.
      const result = await check(source, flags, { timeout: null, randomSeed: 0, attackTimeout: null, incubationTimeout: null });
      if (result.status === 'vulnerable') unsafe.push(`${where} /${source}/${flags}: ${result.complexity.type}, attack ${result.attack.pattern}`);
      else if (result.status === 'unknown') unsafe.push(`${where} /${source}/${flags}: recheck could not decide (${result.error.kind})`);
    }
    expect(unsafe).toEqual([]);
  });
});
