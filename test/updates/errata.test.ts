/**
 * Errata follow their text through a rule update: lines added or removed
 * around them never make them stale (they are anchored by text, not by line).
 * Each case edits a raw text in memory and builds in this process.
 */
import { describe, expect, it } from 'vitest';
import { buildDataset, type BuildResult } from '../../pipeline/build.ts';
import { readProject } from '../../pipeline/cli.ts';
import { parseYaml } from '../../pipeline/parse/yaml.ts';
import type { Erratum } from '../../pipeline/model/schema-types.ts';
import { realBuild, repoRoot } from '../helpers.ts';

const EN = 'sources/raw/en-2020-skills-traits.txt';
const FR = 'sources/raw/fr-legacy-skills.txt';

/** The real project with one raw text changed by `edit`, built in memory. */
function buildWith(path: string, edit: (text: string) => string): BuildResult {
  const input = readProject(repoRoot);
  const before = new TextDecoder().decode(input.raw.get(path));
  const after = edit(before);
  if (after === before) throw new Error(`the edit changed nothing in ${path}`);
  return buildDataset({ ...input, raw: new Map([...input.raw, [path, new TextEncoder().encode(after)]]) });
}

const errata = (): Erratum[] => (parseYaml({ path: 'errata.yaml', text: readProject(repoRoot).annotations.errata.text }).value as { errata: Erratum[] }).errata;

/** Every erratum id the published records name in their provenance. */
const appliedIds = (result: BuildResult): Set<string> =>
  new Set(
    errata()
      .map((e) => e.id)
      .filter((id) => [...result.files.values()].some((text) => text.includes(JSON.stringify(id)))),
  );

const errataProblems = (result: BuildResult) => result.diagnostics.filter((d) => d.ruleId.startsWith('errata/'));

/** The first line of a record's heading in a raw text, as the build reports it (1-based). */
const headingLine = (id: string) => {
  const record = JSON.parse(realBuild().files.get('skills.json')!).find((r: { id: string }) => r.id === id) as { source: { lines: [number, number] } };
  return record.source.lines;
};

describe('errata anchored by their text', () => {
  it('every erratum of the real sources applies to the real texts', () => {
    expect(errataProblems(realBuild())).toEqual([]);
    expect(appliedIds(realBuild())).toEqual(new Set(errata().map((e) => e.id)));
  });

  it('three FAQ lines added near the top of the English text leave every erratum applied', () => {
    const result = buildWith(EN, (text) => {
      const at = text.indexOf('\n\nQ: What happens if a player already has the Catch skill');
      return `${text.slice(0, at)}\n\nQ: Can the Catch skill be used on a hand-off?\nA: Yes.${text.slice(at)}`;
    });
    expect(errataProblems(result)).toEqual([]);
    expect(appliedIds(result)).toEqual(appliedIds(realBuild()));
  });

  it('a whole English entry deleted above the errata leaves every other erratum applied', () => {
    const [first, last] = headingLine('en-2020/diving-tackle');
    const result = buildWith(EN, (text) => {
      const lines = text.split('\n');
      lines.splice(first - 1, last - first + 1);
      return lines.join('\n');
    });
    expect(errataProblems(result)).toEqual([]);
  });

  it('a French entry added at the top of a block leaves every French erratum applied', () => {
    const result = buildWith(FR, (text) =>
      text.replace('\nBlocage multiple\n', '\nNouvelle compétence\nUn joueur avec cette compétence peut relancer un dé.\n\nBlocage multiple\n'),
    );
    // The new entry has no crosswalk row yet, so the build stops at the link stage; the errata were applied before.
    expect(result.diagnostics.some((d) => d.file === FR || d.ruleId.startsWith('crosswalk/'))).toBe(true);
    expect(errataProblems(result)).toEqual([]);
  });
});
