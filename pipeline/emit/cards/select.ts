/**
 * A league's selection: names or ids in any edition or language
 * (`--skills "Block, Dodge, Mighty Blow (+2), Châtaigne"`), filtered by
 * `--edition` and `--lang`, or a roster file (YAML or JSON) of players with
 * their skills. An unknown or ambiguous name is an error listing the closest
 * names. Pure: texts in, records (with the parameter asked for) out.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import type { DataBundle } from '../../model/dataset.ts';
import { parseYaml } from '../../parse/yaml.ts';
import { error, warning, type Diagnostic } from '../../model/diagnostic.ts';
import { followMigrations } from '../../model/migrations.ts';
import type { Lang, Skill } from '../../model/schema-types.ts';
import { compare } from '../../model/order.ts';
import type { Validator } from '../../validate/schemas.ts';

export interface Filter {
  edition: string | null;
  lang: Lang | null;
}

/** One name as asked for, with where it was written (for errors). */
export interface Wanted {
  /** As written: `Mighty Blow (+2)`. */
  text: string;
  name: string;
  parameter: string | null;
  file: string;
  line: number | null;
}

export interface Selected {
  record: Skill;
  parameter: string | null;
}

export interface RosterPlayer {
  name: string;
  position: string | null;
  skills: Wanted[];
}

export interface Roster {
  team: string | null;
  edition: string | null;
  /** The line of `edition:`, for an error about it. */
  editionLine: number | null;
  players: RosterPlayer[];
}

/** Case, accents, spacing, a trailing `*` and typographic apostrophes folded. */
export function fold(value: string): string {
  return withoutTrailingStars(value.normalize('NFD').replace(/\p{M}/gu, '').replace(/[’‘`]/g, "'"))
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** A final run of `*` and the spaces after it removed, read from the end (`\*+\s*$` was retried at every star: quadratic). */
function withoutTrailingStars(value: string): string {
  const trimmed = value.trimEnd();
  let end = trimmed.length;
  while (end > 0 && trimmed[end - 1] === '*') end--;
  return end < trimmed.length ? trimmed.slice(0, end) : value;
}

/** `Mighty Blow (+2)` → name and parameter; `Loner (4+)*` too. */
export function parseWanted(text: string, file: string, line: number | null): Wanted {
  const trimmed = withoutTrailingStars(text.trim()).trim();
  const match = /^(.*\S)\s*\(([^()]*)\)$/.exec(trimmed);
  return match ? { text: text.trim(), name: match[1]!, parameter: match[2]!.trim(), file, line } : { text: text.trim(), name: trimmed, parameter: null, file, line };
}

/** The comma-separated `--skills` list. */
export function parseSkillList(value: string): Wanted[] {
  return value
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => parseWanted(s, '--skills', null));
}

const inFilter = (record: Skill, filter: Filter): boolean =>
  (filter.edition === null || record.edition === filter.edition) && (filter.lang === null || record.lang === filter.lang);

/** Every way to call a record: its id, its name, its printed name (and, for the concept step, the concept's names and id). */
function recordKeys(record: Skill): string[] {
  return [fold(record.id), fold(record.name), fold(record.displayName)];
}

export interface Resolver {
  /** Every record the name could mean (no parameter check). */
  lookup(wanted: Wanted): Skill[];
  resolve(wanted: Wanted): { selected: Selected | null; diagnostics: Diagnostic[] };
}

/**
 * Resolve names to records. First the records' own names and ids; when none
 * matches, the concepts' names in every language (so `Block` with `--lang fr`
 * is the French card of Block). More than one record left is ambiguous.
 */
export function createResolver(bundle: DataBundle, filter: Filter): Resolver {
  const records = bundle.skills.filter((r) => inFilter(r, filter));
  const unfiltered = filter.edition === null && filter.lang === null ? null : createResolver(bundle, { edition: null, lang: null });
  const byKey = new Map<string, Skill[]>();
  const add = (key: string, record: Skill) => {
    const list = byKey.get(key) ?? [];
    if (!list.includes(record)) list.push(record);
    byKey.set(key, list);
  };
  for (const record of records) for (const key of recordKeys(record)) add(key, record);
  const byConcept = new Map<string, Skill[]>();
  const conceptOf = new Map(bundle.concepts.map((c) => [c.id, c]));
  for (const record of records) {
    if (record.concept === null) continue;
    const concept = conceptOf.get(record.concept);
    const keys = [fold(record.concept), ...(concept ? [fold(concept.name), ...Object.values(concept.names).filter((n): n is string => typeof n === 'string').map(fold)] : [])];
    for (const key of new Set(keys)) {
      const list = byConcept.get(key) ?? [];
      list.push(record);
      byConcept.set(key, list);
    }
  }
  const editionLabel = new Map(bundle.editions.map((e) => [e.id, e.label]));
  const conceptOfRecord = (r: Skill) => (r.concept === null ? undefined : conceptOf.get(r.concept));
  const names = [...new Set(records.flatMap((r) => [r.name, conceptOfRecord(r)?.names.en, conceptOfRecord(r)?.names.fr]).filter((n): n is string => !!n))];

  const lookup = (wanted: Wanted): Skill[] => {
    const key = fold(wanted.name);
    const found = byKey.get(fold(wanted.text)) ?? byKey.get(key) ?? [];
    return found.length ? found : (byConcept.get(key) ?? []);
  };
  return {
    lookup,
    resolve(wanted) {
      const place = wanted.line === null ? null : { line: wanted.line };
      const retired = lookup(wanted).length ? null : movedRecord(bundle, records, wanted, place);
      if (retired) return retired;
      const found = lookup(wanted);
      const scope = [filter.edition ? `edition ${filter.edition}` : null, filter.lang ? `language ${filter.lang}` : null].filter(Boolean).join(', ');
      if (!found.length) {
        const elsewhere = unfiltered ? [...new Set(unfiltered.lookup(wanted).map((r) => r.edition))].sort(compare) : [];
        return {
          selected: null,
          diagnostics: [
            error({
              reason: `unknown skill or trait "${wanted.text}"${scope ? ` in ${scope}` : ''}${elsewhere.length ? ` (it is in ${elsewhere.join(', ')})` : ''}; closest: ${closest(wanted.name, names).join(', ')}`,
              file: wanted.file,
              place,
              ruleId: 'cards/unknown-name',
              source: 'select',
              note: 'names and ids of any edition or language are accepted: "Mighty Blow (+2)", "Châtaigne", "en-2020/block"',
            }),
          ],
        };
      }
      if (found.length > 1) {
        const options = [...found].sort((a, b) => compare(a.id, b.id)).map((r) => `${r.id} (${editionLabel.get(r.edition) ?? r.edition})`);
        return {
          selected: null,
          diagnostics: [
            error({
              reason: `"${wanted.text}" is ambiguous: ${options.join(', ')}`,
              file: wanted.file,
              place,
              ruleId: 'cards/ambiguous-name',
              source: 'select',
              note: `choose with --edition ${[...new Set(found.map((r) => r.edition))].sort(compare).join(' or --edition ')}, or write the id`,
            }),
          ],
        };
      }
      const record = found[0]!;
      // `Loner (X+)` written as the record prints it asks for no particular value.
      const parameter = wanted.parameter !== null && fold(wanted.parameter) === fold(record.parameter ?? '\u0000') ? null : wanted.parameter;
      if (parameter !== null && record.parameter === null) {
        return {
          selected: null,
          diagnostics: [
            error({
              reason: `"${wanted.text}": ${record.name} (${record.id}) takes no parameter`,
              file: wanted.file,
              place,
              ruleId: 'cards/unexpected-parameter',
              source: 'select',
            }),
          ],
        };
      }
      return { selected: { record, parameter }, diagnostics: [] };
    },
  };
}

/**
 * A retired record id (a saved roster written before a rename) followed
 * through migrations.json to the record it became, with a warning naming it;
 * null when the name is no retired id, or leads to no record of the filter.
 */
function movedRecord(bundle: DataBundle, records: readonly Skill[], wanted: Wanted, place: { line: number } | null): { selected: Selected; diagnostics: Diagnostic[] } | null {
  const id = wanted.name.trim();
  const moved = followMigrations(bundle.migrations ?? [], 'record', id);
  const record = moved?.to ? records.find((r) => r.id === moved.to) : undefined;
  if (!moved || !record) return null;
  return {
    selected: { record, parameter: wanted.parameter },
    diagnostics: [
      warning({
        reason: `${id} was ${moved.migration.action} in ${moved.migration.since}: printing ${record.displayName} (${record.id})`,
        file: wanted.file,
        place,
        ruleId: 'cards/retired-id',
        source: 'select',
        expected: `${record.id} in the roster or the list, so it no longer depends on the migration`,
      }),
    ],
  };
}

/** Resolve a list, keeping the first of each (record, parameter) pair, in the order asked. */
export function resolveAll(wanted: readonly Wanted[], resolver: Resolver): { selected: Selected[]; diagnostics: Diagnostic[] } {
  const selected: Selected[] = [];
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const item of wanted) {
    const result = resolver.resolve(item);
    diagnostics.push(...result.diagnostics);
    if (!result.selected) continue;
    const key = `${result.selected.record.id}\u0000${result.selected.parameter ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    selected.push(result.selected);
  }
  return { selected, diagnostics };
}

/** The five closest names (edit distance on folded names; a name that contains the query comes first). */
export function closest(query: string, names: readonly string[], count = 5): string[] {
  const q = fold(query);
  return names
    .map((name) => {
      const n = fold(name);
      const distance = levenshtein(q, n) / Math.max((q.length + n.length) / 2, 1);
      let prefix = 0;
      while (prefix < Math.min(q.length, n.length) && q[prefix] === n[prefix]) prefix++;
      return { name, score: (n.includes(q) || q.includes(n) ? distance - 0.5 : distance) - 0.08 * Math.min(prefix, 4) };
    })
    .sort((a, b) => a.score - b.score || compare(a.name, b.name))
    .slice(0, count)
    .map((c) => c.name);
}

function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

const ROSTER_NOTE = 'a roster is { team?, edition?, players: [{ name, position?, skills: [names] | "names, …" }] }, in YAML or JSON (schema/input/roster.schema.json)';

/**
 * The roster's syntax and its schema (schema/input/roster.schema.json), each
 * problem at its YAML line: a misspelt key, a player without a name, an empty
 * list of players. A bare list is read as `players`.
 */
function checkRoster(text: string, file: string, validator: Validator): Diagnostic[] {
  const parsed = parseYaml({ path: file, text });
  // The annotation reader locates a syntax error best (an unclosed bracket at the bracket itself).
  if (parsed.diagnostics.length) return parsed.diagnostics.slice(0, 1).map((d) => ({ ...d, reason: `not YAML or JSON: ${d.reason}`, ruleId: 'cards/bad-roster', source: 'select' }));
  const bare = Array.isArray(parsed.value);
  const value = bare ? { players: parsed.value } : parsed.value;
  return validator
    .validate('input/roster.schema.json', value, file, (path) => parsed.locate(bare ? path.slice(1) : path) ?? { line: 1 })
    .filter((d) => !d.expected?.includes('/anyOf/')) // the branches of an anyOf: its own error says it
    .map((d) => ({ ...d, ruleId: 'cards/bad-roster', source: 'select', note: ROSTER_NOTE }));
}

/**
 * A roster file, YAML or JSON (JSON is read as YAML):
 *
 * ```yaml
 * team: Reikland Reavers      # optional
 * edition: en-2020            # optional; --edition wins
 * players:
 *   - name: Griff Oberwald
 *     position: Blitzer       # optional
 *     skills: [Block, Dodge, Sprint, Sure Feet]   # or "Block, Dodge"
 * ```
 *
 * A bare list of players is accepted too. Each skill keeps its line for errors.
 * It is checked against schema/input/roster.schema.json first (`validator`).
 */
export function parseRoster(text: string, file: string, validator: Validator): { roster: Roster | null; diagnostics: Diagnostic[] } {
  const checked = checkRoster(text, file, validator);
  if (checked.length) return { roster: null, diagnostics: checked };
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const lineOf = (node: YamlNode | null | undefined): number | null => (node?.range ? lineCounter.linePos(node.range[0]).line : null);
  const fail = (reason: string, node?: YamlNode | null) => ({
    roster: null,
    diagnostics: [error({ reason, file, place: lineOf(node ?? null) === null ? null : { line: lineOf(node ?? null)! }, ruleId: 'cards/bad-roster', source: 'select', note: ROSTER_NOTE })],
  });
  if (doc.errors.length) {
    // The annotation reader locates a syntax error best (an unclosed bracket at the bracket itself).
    const located = parseYaml({ path: file, text }).diagnostics.slice(0, 1);
    return { roster: null, diagnostics: located.map((d) => ({ ...d, reason: `not YAML or JSON: ${d.reason}`, ruleId: 'cards/bad-roster', source: 'select' })) };
  }
  const root = doc.contents;
  let playersNode: YamlNode | null = null;
  let team: string | null = null;
  let edition: string | null = null;
  let editionLine: number | null = null;
  if (isSeq(root)) playersNode = root;
  else if (isMap(root)) {
    const get = (key: string) => root.items.find((pair) => isScalar(pair.key) && pair.key.value === key)?.value as YamlNode | null | undefined;
    playersNode = get('players') ?? null;
    const teamNode = get('team') ?? get('name');
    const editionNode = get('edition');
    if (isScalar(teamNode) && teamNode.value !== null) team = String(teamNode.value);
    if (isScalar(editionNode) && editionNode.value !== null) [edition, editionLine] = [String(editionNode.value), lineOf(editionNode)];
  }
  if (!isSeq(playersNode)) return fail('the roster has no list of players (a "players:" list, or a bare list)', root as YamlNode | null);
  const players: RosterPlayer[] = [];
  for (const item of playersNode.items) {
    if (!isMap(item)) return fail('a player is not a map with a name and skills', item as YamlNode);
    const get = (key: string) => item.items.find((pair) => isScalar(pair.key) && pair.key.value === key)?.value as YamlNode | null | undefined;
    const nameNode = get('name');
    const skillsNode = get('skills');
    const positionNode = get('position');
    const name = isScalar(nameNode) && nameNode.value !== null ? String(nameNode.value) : `player ${players.length + 1}`;
    const skills: Wanted[] = [];
    if (isSeq(skillsNode)) {
      for (const s of skillsNode.items) {
        if (!isScalar(s) || s.value === null) return fail(`${name}: a skill is not a name`, s as YamlNode);
        skills.push(parseWanted(String(s.value), file, lineOf(s)));
      }
    } else if (isScalar(skillsNode) && typeof skillsNode.value === 'string') {
      for (const s of skillsNode.value.split(',')) if (s.trim()) skills.push(parseWanted(s, file, lineOf(skillsNode)));
    } else if (skillsNode !== undefined && !(isScalar(skillsNode) && skillsNode.value === null)) {
      return fail(`${name}: skills is neither a list nor a comma-separated string`, skillsNode);
    }
    players.push({ name, position: isScalar(positionNode) && positionNode.value !== null ? String(positionNode.value) : null, skills });
  }
  return { roster: { team, edition, editionLine, players }, diagnostics: [] };
}
