/**
 * The roster-only validator the site's card page uses
 * (pipeline/validate/generated/roster-validator.js, `npm run gen`) is what the
 * schema generates, and reports exactly what the CLI's validator reports.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { readSchemaFiles } from '../../pipeline/io.ts';
import { GENERATED_ROSTER_VALIDATOR, generateRosterValidator } from '../../pipeline/validate/generate-validators.ts';
import { createRosterValidator, ROSTER_SCHEMA } from '../../pipeline/validate/roster-validator.ts';
import { createValidator } from '../../pipeline/validate/schemas.ts';
import { repoRoot } from '../helpers.ts';

it('pipeline/validate/generated/roster-validator.js is what the roster schema generates (run `npm run gen` after a schema change)', () => {
  const committed = readFileSync(join(repoRoot, GENERATED_ROSTER_VALIDATOR), 'utf8');
  expect(committed === generateRosterValidator(readSchemaFiles(repoRoot)), `${GENERATED_ROSTER_VALIDATOR} is stale: run \`npm run gen\``).toBe(true);
  expect(committed).not.toMatch(/\brequire\(|node:/);
});

it("the page's roster validator reports what the CLI's reports, rosters good and bad", () => {
  const cli = createValidator(readSchemaFiles(repoRoot));
  const page = createRosterValidator();
  const rosters: unknown[] = [
    { team: 'Reavers', players: [{ name: 'Griff', skills: ['Block', 'Dodge'] }] },
    { team: 'x'.repeat(201), players: [] },
    { players: [{ name: 'Griff', skils: ['Block'] }], colour: 'red' },
    { edition: 2020, players: [{ skills: 'Block' }] },
    null,
    [{ name: 'Griff' }],
  ];
  let problems = 0;
  for (const roster of rosters) {
    const expected = cli.validate(ROSTER_SCHEMA, roster, 'roster.yaml', () => ({ line: 3 }));
    problems += expected.length;
    expect(page.validate(ROSTER_SCHEMA, roster, 'roster.yaml', () => ({ line: 3 }))).toEqual(expected);
  }
  expect(problems).toBeGreaterThan(rosters.length);
  expect(() => page.validate('skills.schema.json', [], 'x.json')).toThrow(/roster/);
});
