/**
 * The one-pass mention finder (trie proposals confirmed by each name's
 * expression) finds exactly what the earlier finder found, which ran every
 * name's expression over the whole text, longest name first. The reference
 * below is that earlier finder, kept verbatim as the oracle.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFinderWithRules, createMentionFinder, type Mention, type NamedTarget } from '../pipeline/link/mentions.ts';
import { compare } from '../pipeline/model/order.ts';
import { mentionRules, realBuild } from './helpers.ts';

const QUALIFIER = String.raw`\s+(?:[Ss]kills?|[Tt]raits?|[Mm]utations?)\b`;
const namePattern = (name: string): string =>
  name
    .trim()
    .split(/[\s-]+/)
    .map((part, index) => (part.toLowerCase() === 'and' || part === '&' ? '(?:and|&)' : anyCase(part, index === 0 ? 1 : 0)))
    .join('[\\s-]?');
const anyCase = (part: string, from: number): string =>
  [...part]
    .map((char, index) => {
      const lower = char.toLowerCase();
      const upper = char.toUpperCase();
      if (index >= from && lower !== upper) return `[${lower}${upper}]`;
      return char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    })
    .join('');

function referenceFinder(targets: readonly NamedTarget[]): (text: string) => Mention[] {
  const patterns = targets
    .flatMap((target) => target.names.map((name) => ({ target, name })))
    .sort((a, b) => b.name.length - a.name.length || compare(a.name, b.name))
    .map(({ target, name }) => ({
      target,
      regex: new RegExp(
        String.raw`(?<![\p{L}\p{N}-])${namePattern(name)}(?![\p{L}\p{N}]|-[\p{L}\p{N}])${target.qualifiedOnly ? `(?=${QUALIFIER})` : ''}`,
        'gu',
      ),
    }));
  return (text) => {
    const taken: [number, number][] = [];
    const out: Mention[] = [];
    for (const { target, regex } of patterns) {
      for (const match of text.matchAll(regex)) {
        const start = match.index;
        const end = start + match[0].length;
        if (taken.some(([a, b]) => start < b && end > a)) continue;
        taken.push([start, end]);
        out.push({ id: target.id, index: start, match: match[0] });
      }
    }
    return out.sort((a, b) => a.index - b.index);
  };
}

const referenceWithRules = (targets: readonly { id: string; name: string }[], rules: ReturnType<typeof mentionRules>) =>
  referenceFinder(
    targets.map(({ id, name }) => ({
      id,
      names: [name, ...rules.aliases.filter((a) => a.name === name).map((a) => a.alias)],
      qualifiedOnly: rules.qualifiedOnly.includes(name),
    })),
  );

describe('the one-pass mention finder', () => {
  it('finds in every ruling question and record text what the per-name expressions found', () => {
    const model = realBuild().model!;
    const rules = mentionRules();
    const targets = model.records.map((r) => ({ id: r.id, name: r.name }));
    const fast = createFinderWithRules(targets, rules);
    const slow = referenceWithRules(targets, rules);
    const texts = [
      ...JSON.parse(realBuild().files.get('rulings.json')!).map((r: { question: string; answer: string }) => `${r.question}\n${r.answer}`),
      ...model.records.map((r) => r.text),
    ];
    let mentions = 0;
    for (const text of texts) {
      const expected = slow(text);
      mentions += expected.length;
      expect(fast(text)).toEqual(expected);
    }
    expect(mentions).toBeGreaterThan(100);
  });

  it('agrees with the per-name expressions on generated texts (case, spacing, hyphens, and/&, qualifiers, overlaps)', () => {
    const names = [
      'Block',
      'Dodge',
      'Diving Catch',
      'Catch',
      'Dump-off',
      'Ball and Chain',
      'Chain and Ball',
      'Kick',
      'Kick Team-mate',
      'Pick-me-up',
      'Very Long Legs',
      'Mighty Blow',
      'Ball & Chain',
      'Bomber',
      'Ça Va',
      'Straße',
      'Leap',
      'Pro',
      '-Lead',
      'Trail-',
      'and Co',
      '[Odd]^Name',
    ];
    const targets: NamedTarget[] = names.map((name, n) => ({ id: `t${n}`, names: n % 5 === 0 ? [name, `${name}s`] : [name], qualifiedOnly: n % 3 === 0 }));
    const fast = createMentionFinder(targets);
    const slow = referenceFinder(targets);
    const piece = fc.oneof(
      fc.constantFrom(...names),
      fc.constantFrom(...names).map((n) => n.toUpperCase()),
      fc.constantFrom(...names).map((n) => n.toLowerCase()),
      fc.constantFrom(...names).map((n) => n.replace(/[\s-]/g, '')),
      fc.constantFrom(...names).map((n) => n.replace(/ /g, '-')),
      fc.constantFrom(...names).map((n) => n.replace(/ /g, '  ')),
      fc.constantFrom(' ', '  ', '-', '--', ' skill', ' Traits', ' mutation', 's', 'x', '2', '&', 'and', ' and ', ',', '.', '\n', '(', 'é', '😀', 'ß', 'SS'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const text = pieces.join('');
        expect(fast(text)).toEqual(slow(text));
      }),
      { numRuns: 3000 },
    );
  });
});

/**
 * Array elements stepped through by iteration (spread, `for…of`, `Array.from`)
 * while `fn` runs: a count of the work, not a time. The iterator of
 * Array.prototype is wrapped for the call only.
 */
function elementsIterated(fn: () => unknown): number {
  const original = Array.prototype[Symbol.iterator];
  let steps = 0;
  Array.prototype[Symbol.iterator] = function (this: unknown[]) {
    const inner = original.call(this);
    return {
      next: () => {
        steps++;
        return inner.next();
      },
      [Symbol.iterator]() {
        return this;
      },
    } as ArrayIterator<unknown>;
  };
  try {
    fn();
  } finally {
    Array.prototype[Symbol.iterator] = original;
  }
  return steps;
}

describe('building a finder', () => {
  const withAliases = (n: number) => () =>
    createFinderWithRules([{ id: 'x/dodge', name: 'Dodge' }], {
      qualifiedOnly: [],
      aliases: Array.from({ length: n }, (_, i) => ({ alias: `Dodge${'x'.repeat(i % 7)} ${i}`, name: 'Dodge' })),
    });

  it('steps through each alias a bounded number of times: twice the aliases, about twice the work (not four times)', () => {
    const small = elementsIterated(withAliases(2000));
    const large = elementsIterated(withAliases(4000));
    expect(small).toBeGreaterThan(2000);
    expect(large / small).toBeLessThan(2.3);
  });
});
