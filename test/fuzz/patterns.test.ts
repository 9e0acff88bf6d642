/**
 * The parse and link stages on long adversarial strings (the 10 MB pasted
 * line, in miniature): each answers without throwing (no stack overflow, no
 * runaway recursion). Speed is not asserted here: test/redos.test.ts proves
 * statically that no pattern backtracks catastrophically, and `npm run bench`
 * measures time.
 */
import { describe, expect, it } from 'vitest';
import { parseEn2020, parsePages } from '../../pipeline/parse/en-2020/index.ts';
import { parsePriceBullet } from '../../pipeline/link/price-list.ts';
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

/** Runs `fn` and says it returned: a throw fails the test with its message. */
const answers = (fn: () => unknown): boolean => {
  fn();
  return true;
};

describe('patterns on long adversarial lines (200,000 characters)', () => {
  const finder = createFinderWithRules(
    skills().map((s) => ({ id: s.id, name: s.name })),
    mentionRules(),
  );
  for (const [name, text] of Object.entries(HOSTILE)) {
    it(`${name}: every parser, the price bullet, the page reference and the mention finder answer without throwing`, () => {
      const lines = ['Catch', 'Agility', text, 'Bloodbowlnone', 'Dungeonbowl'];
      expect(answers(() => parseEn2020({ manifest: en2020Source, lines, errata: new Map() }))).toBe(true);
      expect(
        answers(() =>
          parseEn2020({ manifest: en2020Source, lines: ['Catch', 'Agility', 'Text.', '', text, 'A: yes.', 'Bloodbowlnone', 'Dungeonbowl'], errata: new Map() }),
        ),
      ).toBe(true);
      expect(
        answers(() =>
          parseFrLegacy({ manifest: { ...en2020Source, parser: 'fr-legacy' }, lines: ['• Compétences de force', '', 'Nom', text], errata: new Map() }),
        ),
      ).toBe(true);
      expect(answers(() => parseTraitsAlt({ manifest: { ...en2020Source, parser: 'traits-alt' }, lines: [text], errata: new Map() }))).toBe(true);
      expect(answers(() => parseInducementNotes({ manifest: { ...en2020Source, parser: 'inducements' }, lines: [text], errata: new Map() }))).toBe(true);
      expect(answers(() => parsePriceBullet(text.replace(/^• /, ''), 1))).toBe(true);
      expect(answers(() => parsePages(text))).toBe(true);
      expect(answers(() => finder(text))).toBe(true);
      expect(answers(() => splitDisplayName(text))).toBe(true);
      expect(answers(() => slugify(text))).toBe(true);
    });
  }
});
