/**
 * A roster of thousands of wrong names is refused after MAX_NAME_ERRORS of
 * them, with one error for the rest: each failure costs a search over every
 * spelling, so the CLI and the card page would otherwise stay busy for a
 * minute on a pasted roster or a crafted deck link. Counted, not timed: the
 * number of names the resolver searches for. On the small literal bundle.
 */
import { describe, expect, it } from 'vitest';
import { planSelection } from '../../pipeline/emit/cards/plan-selection.ts';
import { createResolver, MAX_NAME_ERRORS, parseSkillList, resolveAll, skippedNames } from '../../pipeline/emit/cards/select.ts';
import { createRosterValidator } from '../../pipeline/validate/roster-validator.ts';
import { cardBundle } from './literal.ts';

const wrong = (n: number) => Array.from({ length: n }, (_, i) => `Dodgx${i}`);

/** A resolver that counts the names it looks into (each reads the migrations first, for a retired id). */
function countingResolver() {
  const bundle = cardBundle();
  let searches = 0;
  const migrations = bundle.migrations;
  const counted = {
    ...bundle,
    get migrations() {
      searches++;
      return migrations;
    },
  };
  return { resolver: createResolver(counted, { edition: 'en-2020', lang: null }), searches: () => searches };
}

describe('the name budget', () => {
  it('after MAX_NAME_ERRORS failures the other names are not searched for', () => {
    const few = countingResolver();
    resolveAll(parseSkillList(wrong(MAX_NAME_ERRORS).join(', ')), few.resolver);
    const many = countingResolver();
    resolveAll(parseSkillList(wrong(5000).join(', ')), many.resolver);
    expect(many.searches()).toBe(few.searches());
  });

  it('a list of 5000 wrong names gives MAX_NAME_ERRORS errors and one for the rest', () => {
    const resolver = createResolver(cardBundle(), { edition: 'en-2020', lang: null });
    const { diagnostics } = resolveAll(parseSkillList(wrong(5000).join(', ')), resolver);
    expect(diagnostics).toHaveLength(MAX_NAME_ERRORS);
    expect(skippedNames(resolver)).toMatchObject({
      ruleId: 'cards/unknown-name',
      fatal: true,
      source: 'select',
      file: '--skills',
      place: null,
      reason: `${5000 - MAX_NAME_ERRORS} more names were not checked: ${MAX_NAME_ERRORS} names had already failed`,
      expected: 'correct the names above, then run again to check the rest',
    });
  });

  it('one name left unchecked is one "name", not "names"', () => {
    const resolver = createResolver(cardBundle(), { edition: 'en-2020', lang: null });
    resolveAll(parseSkillList(wrong(MAX_NAME_ERRORS + 1).join(', ')), resolver);
    expect(skippedNames(resolver)!.reason).toBe(`1 more name was not checked: ${MAX_NAME_ERRORS} names had already failed`);
  });

  it('the budget counts failures only: the names that resolve after it are still checked', () => {
    const resolver = createResolver(cardBundle(), { edition: 'en-2020', lang: null });
    const names = [...wrong(MAX_NAME_ERRORS - 1), 'Leap', 'Dodge', 'Sprint', 'Dodgx'];
    const { selected, diagnostics } = resolveAll(parseSkillList(names.join(', ')), resolver);
    expect(selected.map((s) => s.record.id)).toEqual(['en-2020/leap', 'en-2020/dodge', 'en-2020/sprint']);
    expect(diagnostics).toHaveLength(MAX_NAME_ERRORS);
    expect(skippedNames(resolver)).toBeNull();
  });

  it('the error for the rest stands at the line of the first name left unchecked', () => {
    const players = wrong(MAX_NAME_ERRORS + 3).map((name) => `  - name: P\n    skills: [${name}]`);
    const text = `players:\n${players.join('\n')}\n`;
    const planned = planSelection(
      cardBundle(),
      { skills: null, edition: 'en-2020', lang: null, roster: { text, file: 'team.yaml' }, perPlayer: false },
      createRosterValidator(),
    );
    const diagnostics = 'diagnostics' in planned ? planned.diagnostics : [];
    expect(diagnostics).toHaveLength(MAX_NAME_ERRORS + 1);
    expect(diagnostics.at(-1)).toMatchObject({ file: 'team.yaml', place: { line: 3 + 2 * MAX_NAME_ERRORS } });
    expect(diagnostics.at(-1)!.reason).toMatch(/^3 more names were not checked/);
  });

  it('fewer failures than the budget: every name is checked and no error is added', () => {
    const resolver = createResolver(cardBundle(), { edition: 'en-2020', lang: null });
    const { selected, diagnostics } = resolveAll(parseSkillList(`Leap, ${wrong(MAX_NAME_ERRORS - 1).join(', ')}, Dodge`), resolver);
    expect(selected.map((s) => s.record.id)).toEqual(['en-2020/leap', 'en-2020/dodge']);
    expect(diagnostics).toHaveLength(MAX_NAME_ERRORS - 1);
    expect(skippedNames(resolver)).toBeNull();
  });

  it('a team deck resolves each name once, however often it asks who has a skill', () => {
    const counting = countingResolver();
    const wanted = parseSkillList('Dodgx, Leap');
    resolveAll(wanted, counting.resolver);
    const once = counting.searches();
    for (const item of wanted) counting.resolver.resolve(item);
    expect(counting.searches()).toBe(once);
  });
});
