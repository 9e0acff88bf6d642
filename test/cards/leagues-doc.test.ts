/**
 * docs/LEAGUES.md stays true (issue 34's acceptance): the two whole teams it
 * shows are the files in docs/leagues/, and each makes its players' cards and
 * its skill cards with no message, every player's profile on the cards.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planSelection } from '../../pipeline/emit/cards/plan-selection.ts';
import { readSchemaFiles } from '../../pipeline/io.ts';
import { createValidator } from '../../pipeline/validate/schemas.ts';
import { repoRoot } from '../helpers.ts';
import { realBundle } from './helpers.ts';

const validator = createValidator(readSchemaFiles(repoRoot));
const doc = readFileSync(join(repoRoot, 'docs/LEAGUES.md'), 'utf8');
const TEAMS = ['reavers.yaml', 'ecorcheurs.yaml'];

describe('the teams of docs/LEAGUES.md', () => {
  it.each(TEAMS)('%s is shown whole in the page', (file) => {
    const text = readFileSync(join(repoRoot, 'docs/leagues', file), 'utf8');
    expect(doc).toContain(`<code>docs/leagues/${file}</code>`);
    expect(doc).toContain(`\`\`\`yaml\n${text}\`\`\``);
  });

  it.each(TEAMS)('%s makes its players’ cards, each with a profile, and its skill cards, with no message', (file) => {
    const bundle = realBundle();
    const roster = { text: readFileSync(join(repoRoot, 'docs/leagues', file), 'utf8'), file };
    for (const perPlayer of [true, false]) {
      const planned = planSelection(bundle, { skills: null, edition: null, lang: null, roster, perPlayer }, validator);
      if ('usage' in planned) throw new Error(planned.usage);
      expect(planned.diagnostics).toEqual([]);
      if (perPlayer) {
        expect(planned.plan.specs.length).toBeGreaterThanOrEqual(11);
        expect(planned.plan.specs.every((s) => s.corner && /\d\+/.test(s.corner))).toBe(true);
      }
    }
  });
});
