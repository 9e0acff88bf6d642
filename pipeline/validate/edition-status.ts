/**
 * Which rules each edition gives: the manifest's reviewed `year` and `status`
 * of every edition (the schema checks each value; this checks them together).
 * One rules revision is in force at a time, so:
 *
 * - every edition marked `current` gives the same year (two current years:
 *   the older was not marked `superseded` when the newer arrived);
 * - no edition marked `superseded` is newer than the rules in force (a text
 *   newer than the current rules cannot have been replaced).
 *
 * With no edition marked current, nothing is checked: the sources then hold
 * no text of the rules in force, and the site says so.
 */
import { error, type Diagnostic, type Place } from '../model/diagnostic.ts';
import type { ManifestSource } from '../model/schema-types.ts';

export interface EditionStatusInput {
  sources: readonly Pick<ManifestSource, 'edition'>[];
  /** The manifest's path. */
  file: string;
  /** Where a node of the manifest is (`['sources', 2, 'edition', 'status']`). */
  locate: (path: readonly (string | number)[]) => Place | null;
}

/** The year and edition ids of the rules the manifest marks current: the newest current year, with the editions that give it. */
function rulesInForce(sources: EditionStatusInput['sources']): { year: number; ids: string[] } | null {
  const current = sources.filter((s) => s.edition.status === 'current');
  if (current.length === 0) return null;
  const year = Math.max(...current.map((s) => s.edition.year));
  return { year, ids: current.filter((s) => s.edition.year === year).map((s) => s.edition.id) };
}

/** Every edition whose year and status disagree with the rules in force, located at its `status` line. */
export function checkEditionStatus({ sources, file, locate }: EditionStatusInput): Diagnostic[] {
  const inForce = rulesInForce(sources);
  if (!inForce) return [];
  const named = `${inForce.year} (${inForce.ids.join(', ')})`;
  return sources.flatMap(({ edition }, index): Diagnostic[] => {
    const place = locate(['sources', index, 'edition', 'status']);
    if (edition.status === 'current' && edition.year < inForce.year)
      return [
        error({
          reason: `${edition.id} is marked current with the ${edition.year} rules, but newer rules are marked current too: ${named}; one rules revision is in force at a time`,
          file,
          place,
          ruleId: 'manifest/two-current-years',
          source: 'validate',
          expected: `status: superseded here (the ${inForce.year} rules replaced it), or the year of the rules it gives`,
          actual: `status: current, year: ${edition.year}`,
        }),
      ];
    if (edition.status === 'superseded' && edition.year > inForce.year)
      return [
        error({
          reason: `${edition.id} is marked superseded, but its ${edition.year} rules are newer than the rules marked current: ${named}; a later revision cannot have been replaced by an earlier one`,
          file,
          place,
          ruleId: 'manifest/superseded-newer',
          source: 'validate',
          expected: `status: current here and superseded on the ${inForce.year} editions (a new rules revision), or the year of the rules it gives`,
          actual: `status: superseded, year: ${edition.year}`,
        }),
      ];
    return [];
  });
}
