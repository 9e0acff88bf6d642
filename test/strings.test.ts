/**
 * Names and text with hidden characters, look-alike letters or no length
 * limit (pipeline/validate/strings.ts), and diagnostics that never print a
 * hidden character raw (model/diagnostic.ts). The broken-input cases
 * (test/fixtures/bad/en-nul-in-name.yaml and the others) show each error at
 * its line; these show the rules and the acceptance.
 */
import { describe, expect, it } from 'vitest';
import { buildDataset } from '../pipeline/build.ts';
import { readProject } from '../pipeline/cli.ts';
import { formatDiagnostic } from '../pipeline/model/diagnostic.ts';
import { mixedScriptWord } from '../pipeline/validate/strings.ts';
import { repoRoot } from './helpers.ts';
import { appendEntries, pasteEntries } from './yaml-edit.ts';

const EN = 'sources/raw/en-2020-skills-traits.txt';

/** The real project with the English text and the errata changed. */
function buildWith(
  changeText: (text: string) => string,
  changeErrata: (text: string) => string = (t) => t,
  changeSchemas?: (path: string, schema: Record<string, unknown>) => void,
) {
  const input = readProject(repoRoot);
  const raw = new Map(input.raw);
  raw.set(EN, new TextEncoder().encode(changeText(new TextDecoder().decode(raw.get(EN)!))));
  const schemas = changeSchemas
    ? input.schemas.map((s) => {
        const schema = structuredClone(s.schema) as Record<string, unknown>;
        changeSchemas(s.path, schema);
        return { ...s, schema, text: JSON.stringify(schema) };
      })
    : input.schemas;
  return buildDataset({
    ...input,
    raw,
    schemas,
    annotations: { ...input.annotations, errata: { ...input.annotations.errata, text: changeErrata(input.annotations.errata.text) } },
  });
}

const codes = (result: ReturnType<typeof buildDataset>) => result.diagnostics.filter((d) => d.fatal).map((d) => `${d.file}:${d.place?.line ?? ''} ${d.ruleId}`);
const withJoiner = (text: string) => text.replace("During your opponent's team turn", "During your opponent's team\u200Dturn");
const accepting =
  (character: string, around: { after?: string; before?: string } = { after: 'team', before: 'turn' }) =>
  (errata: string) =>
    appendEntries(errata, ['accepted'], [{ source: 'en-2020-skills-traits', ...around, character, reason: 'the source means it (a test)' }]);
const lineOf = (text: string, words: string) => text.slice(0, text.indexOf(words)).split('\n').length;
const rawText = () => new TextDecoder().decode(readProject(repoRoot).raw.get(EN)!);

describe('hidden characters in rule text', () => {
  it('are an error at their line, printing the acceptance to paste; accepted, the character is kept as printed', () => {
    const line = lineOf(rawText(), "During your opponent's team turn");
    const refused = buildWith(withJoiner);
    expect(codes(refused)).toEqual([`${EN}:${line} text/hostile-character`]);
    // The entry the error prints, pasted as is (with a reason), accepts it.
    const entry = /accept it in [^\n]*:\naccepted:\n([\s\S]*)$/.exec(refused.diagnostics.find((d) => d.fatal)!.note!)![1]!;
    expect(entry).toContain('    character: U+200D');
    const accepted = buildWith(withJoiner, (errata) => pasteEntries(errata, 'accepted', [entry.replace('<why the source means it>', 'a test')]));
    expect(codes(accepted)).toEqual([]);
    expect(accepted.files.get('skills.json')).toContain('team\u200Dturn');
  });
  it('an acceptance is anchored by its text: lines added above never break it', () => {
    const moved = (text: string) => withJoiner(text.replace('\nDefensive\n', '\nDefensive\n'.replace('\n', '\n\n\n')));
    expect(codes(buildWith(moved, accepting('U+200D')))).toEqual([]);
    expect(codes(buildWith(withJoiner, accepting('U+200D', { after: 'team' })))).toEqual([]);
    expect(codes(buildWith(withJoiner, accepting('U+200D', { before: 'turn' })))).toEqual([]);
  });
  it('an acceptance names one character in one place: another character, or other words, is not accepted', () => {
    const line = lineOf(rawText(), "During your opponent's team turn");
    expect(codes(buildWith(withJoiner, accepting('U+200B')))).toEqual([`${EN}:${line} text/hostile-character`]);
    expect(codes(buildWith(withJoiner, accepting('U+200D', { after: 'opponent', before: 'turn' })))).toEqual([`${EN}:${line} text/hostile-character`]);
  });
  it('an acceptance whose character is gone is stale, at its entry', () => {
    expect(codes(buildWith((t) => t, accepting('U+200D')))).toEqual([expect.stringMatching(/^sources\/annotations\/errata\.yaml:\d+ text\/stale-acceptance$/)]);
  });
  it('never accepts one in a name', () => {
    const named = (text: string) => text.replace('\nDefensive\n', '\nDefen\u200Dsive\n');
    expect(codes(buildWith(named, accepting('U+200D', { after: 'Defen', before: 'sive' })))).toContain(
      `${EN}:${lineOf(rawText(), '\nDefensive\n') + 1} text/hostile-character`,
    );
  });
});

describe('names', () => {
  it('mixing scripts within a word is a look-alike; one script per word, accents included, is not', () => {
    expect(mixedScriptWord('Sneaky G\u0456t')).toEqual({ word: 'G\u0456t', scripts: ['Latin', 'Cyrillic'] });
    expect(mixedScriptWord('Bl\u03BFck')?.scripts).toEqual(['Latin', 'Greek']);
    for (const name of ['Châtaigne', 'Présence perturbante', 'Mighty Blow (+1)', 'Στέφανος', 'Ёжик в тумане', 'Dump-off'])
      expect(mixedScriptWord(name), name).toBeNull();
  });
  it('are as long as the schema allows: the limit is the published maxLength, read from the schema', () => {
    const tighter = (path: string, schema: Record<string, unknown>) => {
      if (path !== 'skills.schema.json') return;
      const defs = schema.$defs as { skill: { properties: { name: { maxLength?: number } } } };
      defs.skill.properties.name.maxLength = 12;
    };
    const result = buildWith((t) => t, undefined, tighter);
    const tooLong = result.diagnostics.filter((d) => d.ruleId === 'text/too-long');
    expect(tooLong.length).toBeGreaterThan(0);
    for (const d of tooLong) expect(d.reason).toMatch(/names have at most 12$/);
    expect(tooLong.map((d) => d.file)).toContain(EN);
  });
});

describe('diagnostics on a terminal', () => {
  it('print control, bidirectional and zero-width characters as U+XXXX, in every field', () => {
    const hostile = 'Pwn\u001B[2J\u0007\u202Egnp\u200B\u0000';
    const printed = formatDiagnostic({
      reason: `player ${hostile}`,
      file: `roster${hostile}.yaml`,
      place: { line: 3 },
      ruleId: 'cards/x',
      source: 'cards',
      fatal: true,
      expected: hostile,
      actual: hostile,
      note: hostile,
    });
    expect(printed).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u);
    for (const label of ['U+001B', 'U+0007', 'U+202E', 'U+200B', 'U+0000']) expect(printed).toContain(label);
    // Tabs and line breaks stay what they are.
    expect(formatDiagnostic({ reason: 'a\tb', file: 'f', place: null, ruleId: 'x/y', source: 's', fatal: false, note: 'one\ntwo' })).toBe(
      'f warning a\tb [x/y]\n  note:     one\ntwo',
    );
  });
});
