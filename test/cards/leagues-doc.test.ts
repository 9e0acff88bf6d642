/**
 * docs/LEAGUES.md stays true (issue 34's acceptance): the two whole teams it
 * shows are the files in docs/leagues/, and each makes its players' cards and
 * its skill cards, every player's profile on the cards and the team's
 * inducements after them, in the language its names are written in. The
 * English team plans with no message; the French one says only which texts
 * it prints in English (a French deck's General skills and every
 * inducement: the French sources have none of them).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planSelection } from '../../pipeline/emit/cards/plan-selection.ts';
import { parseRoster } from '../../pipeline/emit/cards/select.ts';
import { readSchemaFiles } from '../../pipeline/io.ts';
import { createValidator } from '../../pipeline/validate/schemas.ts';
import { repoRoot } from '../helpers.ts';
import { realBundle } from './helpers.ts';

const validator = createValidator(readSchemaFiles(repoRoot));
const doc = readFileSync(join(repoRoot, 'docs/LEAGUES.md'), 'utf8');
const TEAMS = [
  ['reavers.yaml', 'en'],
  ['ecorcheurs.yaml', 'fr'],
] as const;
const read = (file: string) => readFileSync(join(repoRoot, 'docs/leagues', file), 'utf8');

describe('the teams of docs/LEAGUES.md', () => {
  it.each(TEAMS)('%s is shown whole in the page', (file) => {
    expect(doc).toContain(`<code>docs/leagues/${file}</code>`);
    expect(doc).toContain(`\`\`\`yaml\n${read(file)}\`\`\``);
  });

  it.each(TEAMS)('%s makes its players’ cards, each with a profile, its skill cards and its inducements’ cards, in %s', (file, lang) => {
    const bundle = realBundle();
    const roster = { text: read(file), file };
    const { roster: parsed } = parseRoster(roster.text, file, validator);
    // No `edition:`: the names choose the language. Three inducements or more, one of them counted.
    expect(parsed!.edition).toBeNull();
    expect(parsed!.inducements.length).toBeGreaterThanOrEqual(3);
    for (const perPlayer of [true, false]) {
      const planned = planSelection(bundle, { skills: null, edition: null, lang: null, roster, perPlayer }, validator);
      if ('usage' in planned) throw new Error(planned.usage);
      const inducements = planned.plan.specs.filter((s) => s.key.startsWith('en-2020-inducements/'));
      expect(inducements).toHaveLength(parsed!.inducements.length);
      expect(inducements.some((s) => s.title.endsWith('×2'))).toBe(true);
      expect(new Set(planned.plan.specs.map((s) => s.lang))).toEqual(new Set([lang]));
      if (lang === 'en') expect(planned.diagnostics).toEqual([]);
      else {
        // Said once, a warning: the texts the French sources lack (every inducement's among them) are printed in English.
        expect(planned.diagnostics.map((d) => [d.ruleId, d.fatal])).toEqual([['cards/english-text', false]]);
        for (const card of inducements) expect(planned.diagnostics[0]!.reason).toContain(card.title.replace(/ ×\d+$/, ''));
      }
      if (perPlayer) {
        const players = planned.plan.specs.filter((s) => s.key.startsWith('player:'));
        expect(players.length).toBeGreaterThanOrEqual(11);
        expect(players.every((s) => s.corner && /\d\+/.test(s.corner))).toBe(true);
      }
    }
  });
});
