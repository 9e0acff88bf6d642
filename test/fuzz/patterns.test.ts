/**
 * No pattern of the parse and link stages backtracks catastrophically: each
 * meets long adversarial strings (the 10 MB pasted line, in miniature) and
 * answers within a time that only linear work can meet.
 */
import { describe, expect, it } from 'vitest';
import { parseEn2020, parsePages } from '../../pipeline/parse/en-2020.ts';
import { parsePriceBullet } from '../../pipeline/parse/price-list.ts';
import { parseFrLegacy } from '../../pipeline/parse/fr-legacy.ts';
import { parseInducementNotes } from '../../pipeline/parse/inducements.ts';
import { parseTraitsAlt } from '../../pipeline/parse/traits-alt.ts';
import { createFinderWithRules } from '../../pipeline/link/mentions.ts';
import { splitDisplayName } from '../../pipeline/model/names.ts';
import { slugify } from '../../pipeline/model/slug.ts';
import { en2020Source, mentionRules, skills } from '../helpers.ts';

const N = 200_000;
/** Adversarial strings: long runs of what each pattern's lazy and greedy parts both accept. */
const HOSTILE: Record<string, string> = {
  spaces: `Q: a${' '.repeat(N)}x`,
  spacesThenParen: `Q: a${' '.repeat(N)}(p. 1`,
  openParens: `Q: ${'( p. '.repeat(N / 5)}`,
  pageRefs: `Q: x (p.${' p.'.repeat(N / 3)}`,
  colons: `• ${'a : '.repeat(N / 4)}`,
  prices: `• ${'+1AG : +10K '.repeat(N / 12)}`,
  plusMinus: `• Block ${'- Dodge + 1ST '.repeat(N / 14)}: +10K`,
  skillsRun: `• 2 ${'agility or more '.repeat(N / 17)}skills : +10K`,
  names: `${'Mighty Blow Block Dodge '.repeat(N / 24)}`,
  namesHyphens: `${'Mighty-Blow-'.repeat(N / 12)}`,
  qualified: `${'the Block skill, the '.repeat(N / 21)}`,
  parenthesised: `${'Block ('.repeat(N / 7)}`,
  star: `Dodge${'*'.repeat(N)}`,
  markers: `Bloodbowlrandom skill: 1d6 "(1-3)" + 1d6 ${'"'.repeat(N)}`,
  combining: `Q: ${'e\u0301\u200f'.repeat(N / 3)}?`,
  bullets: `${'• '.repeat(N / 2)}`,
};

const within = (ms: number, fn: () => unknown) => {
  const started = performance.now();
  fn();
  return performance.now() - started < ms;
};

describe('patterns on long adversarial lines (200,000 characters)', () => {
  const finder = createFinderWithRules(skills().map((s) => ({ id: s.id, name: s.name })), mentionRules());
  for (const [name, text] of Object.entries(HOSTILE)) {
    it(`${name}: every parser, the price bullet, the page reference and the mention finder answer in linear time`, () => {
      const lines = ['Catch', 'Agility', text, 'Bloodbowlnone', 'Dungeonbowl'];
      expect(within(3000, () => parseEn2020({ manifest: en2020Source, lines, errata: new Map() }))).toBe(true);
      expect(within(3000, () => parseEn2020({ manifest: en2020Source, lines: ['Catch', 'Agility', 'Text.', '', text, 'A: yes.', 'Bloodbowlnone', 'Dungeonbowl'], errata: new Map() }))).toBe(true);
      expect(within(3000, () => parseFrLegacy({ manifest: { ...en2020Source, parser: 'fr-legacy' }, lines: ['• Compétences de force', '', 'Nom', text], errata: new Map() }))).toBe(true);
      expect(within(3000, () => parseTraitsAlt({ manifest: { ...en2020Source, parser: 'traits-alt' }, lines: [text], errata: new Map() }))).toBe(true);
      expect(within(3000, () => parseInducementNotes({ manifest: { ...en2020Source, parser: 'inducements' }, lines: [text], errata: new Map() }))).toBe(true);
      expect(within(3000, () => parsePriceBullet(text.replace(/^• /, ''), 1))).toBe(true);
      expect(within(3000, () => parsePages(text))).toBe(true);
      expect(within(3000, () => finder(text))).toBe(true);
      expect(within(3000, () => splitDisplayName(text))).toBe(true);
      expect(within(3000, () => slugify(text))).toBe(true);
    });
  }
});
