/**
 * A roster's problems in the organiser's words (words.ts), each at its line:
 * what YAML could not read (a missing colon, a tab, a list left open), and
 * what breaks schema/input/roster.schema.json (a misspelt key at the key's
 * own line, "did you mean `skills:`?"; a player named by number from 1 and by
 * name). The schema stays the one guard: this module words its problems
 * (`ProblemValidator.problems`), it checks nothing of its own. Pure.
 */
import rosterSchema from '../../../schema/input/roster.schema.json' with { type: 'json' };
import { error, excerpt, type Diagnostic, type Place } from '../../model/diagnostic.ts';
import { editDistance, nameKey } from '../../model/fold.ts';
import type { SchemaProblem } from '../../model/validator.ts';
import type { ParsedYamlDocument } from '../../model/yaml-document.ts';
import { wordsOf, type ProfileKey, type SelectionWords, type Speaker, type Where } from './words.ts';

/** The keys of a roster and of a player, as the schema has them. */
const ROSTER_KEYS = Object.keys(rosterSchema.properties);
const PLAYER_KEYS = Object.keys(rosterSchema.$defs.player.properties);

/**
 * The keys as organisers write them in other words (folded): the key they
 * mean. French words, and the labels of a roster sheet or of the cards
 * (`MV`, `M`, `F`, `CP`, `AR`, `PSP`), none of them a key.
 */
const OTHER_KEYS: Readonly<Record<string, string>> = {
  equipe: 'team',
  nom: 'name',
  joueurs: 'players',
  competences: 'skills',
  poste: 'position',
  pos: 'position',
  coupsdepouce: 'inducements',
  mv: 'ma',
  mov: 'ma',
  move: 'ma',
  movement: 'ma',
  m: 'ma',
  mouvement: 'ma',
  str: 'st',
  strength: 'st',
  f: 'st',
  force: 'st',
  agi: 'ag',
  agility: 'ag',
  agilite: 'ag',
  pass: 'pa',
  passing: 'pa',
  cp: 'pa',
  arm: 'av',
  armour: 'av',
  armor: 'av',
  ar: 'av',
  armure: 'av',
  value: 'cost',
  price: 'cost',
  cout: 'cost',
  valeur: 'cost',
  prix: 'cost',
  xp: 'spp',
  sp: 'spp',
  psp: 'spp',
};

/** A player's characteristics, cost and SPP, each with a value as a roster sheet writes it: a value that breaks the schema is said in the key's own words, with this. */
const PROFILE_EXAMPLES: Readonly<Record<ProfileKey, string>> = {
  ma: '`ma: 7`',
  st: '`st: 3`',
  ag: '`ag: 3+`',
  pa: '`pa: 4+`',
  av: '`av: 9+`',
  cost: '`cost: 85k`',
  spp: '`spp: 12`',
};
const isProfileKey = (key: string | null): key is ProfileKey => key !== null && Object.hasOwn(PROFILE_EXAMPLES, key);

const bad = (reason: string, file: string, place: Place | null, speaker: Speaker, extra: { expected?: string; note?: string } = {}): Diagnostic =>
  error({
    reason,
    file,
    place: place ?? { line: 1 },
    ruleId: 'cards/bad-roster',
    source: 'select',
    ...extra,
    note: extra.note ?? wordsOf(speaker).rosterNote(speaker),
  });

/** A YAML key and what follows it on a line (`skills [Block]` → `skills`, `[Block]`), its dash left out; null when the line does not start with a key. */
function keyOfLine(line: string): { key: string; rest: string; colon: boolean } | null {
  const body = line.trimStart().replace(/^-\s+/, '');
  const key = /^[A-Za-z_][\w-]*/.exec(body)?.[0];
  if (!key) return null;
  const after = body.slice(key.length);
  const colon = after.startsWith(':');
  return { key, rest: (colon ? after.slice(1) : after).trim(), colon };
}

/** The first YAML problem, worded: the yaml module's code read, its message never shown but as a last resort. */
export function yamlProblem(parsed: ParsedYamlDocument, text: string, file: string, speaker: Speaker): Diagnostic {
  const t = wordsOf(speaker);
  const syntax = parsed.syntax;
  const first = parsed.diagnostics[0]!;
  if (!syntax) return bad(t.unreadable(excerpt(first.reason.replace(/^YAML: /, ''), 0, 120)), file, first.place, speaker);
  const place = { line: syntax.line, column: syntax.column };
  const lineText = text.split(/\r\n?|\n/)[syntax.line - 1] ?? '';
  const more = syntax.more ? { note: t.moreYaml(syntax.more) } : {};
  const reason = syntaxReason(syntax.code, syntax.message, lineText, t);
  return bad(reason ?? t.unreadable(excerpt(syntax.message.split('\n')[0] ?? syntax.code, 0, 120)), file, place, speaker, more);
}

function syntaxReason(code: string, message: string, lineText: string, t: SelectionWords): string | null {
  if (code === 'TAB_AS_INDENT') return t.tab;
  if (code === 'UNCLOSED_FLOW') {
    const open = lineText.includes('{') && !lineText.includes('[') ? '{' : '[';
    return t.unclosed(open, open === '[' ? ']' : '}');
  }
  if (code === 'DUPLICATE_KEY') return t.duplicateKey(keyOfLine(lineText)?.key ?? lineText.trim());
  if (code === 'MULTILINE_IMPLICIT_KEY' || (code === 'MISSING_CHAR' && /map values/.test(message))) {
    const line = keyOfLine(lineText);
    if (line?.colon && line.rest !== '') return t.spaceAfterColon(line.key, line.rest);
    if (line && !line.colon) return t.missingColon(line.key, line.rest);
  }
  if (code === 'BAD_INDENT' || (code === 'MISSING_CHAR' && /indicator/.test(message))) return t.badIndent;
  return null;
}

/** What the schema's problems say, for a roster read from a file (`bare`: a list of players with no `players:` key). */
export interface RosterShape {
  value: unknown;
  bare: boolean;
  parsed: ParsedYamlDocument;
  file: string;
  speaker: Speaker;
}

/** Every problem the schema found, worded, one per place and kind; an anyOf's branches summed up by its own problem. */
export function schemaProblems(problems: readonly SchemaProblem[], shape: RosterShape): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  // A missing key that a misspelt one stands for (`joueurs:` for `players:`) is said once, at the misspelt key.
  const meant = new Set(
    problems
      .filter((p) => p.keyword === 'additionalProperties')
      .map((p) => JSON.stringify([p.path, closestKey(String(p.params.additionalProperty), p.path.length === 2 ? PLAYER_KEYS : ROSTER_KEYS)])),
  );
  for (const problem of problems) {
    if (problem.schemaPath.includes('/anyOf/')) continue;
    if (problem.keyword === 'required' && meant.has(JSON.stringify([problem.path, problem.params.missingProperty]))) continue;
    const diagnostic = schemaProblem(problem, shape);
    const key = JSON.stringify([diagnostic.place, diagnostic.reason]);
    if (!seen.has(key)) out.push(diagnostic);
    seen.add(key);
  }
  return out;
}

/** A path of the value as the file writes it (a bare list has no `players` key). */
const filePath = (shape: RosterShape, path: readonly (string | number)[]): (string | number)[] => (shape.bare ? path.slice(1) : [...path]);

/** The player a path is in, numbered from 1 and named when the roster names it. */
function playerAt(shape: RosterShape, path: readonly (string | number)[]): Where['player'] {
  if (path[0] !== 'players' || typeof path[1] !== 'number') return null;
  const players = (shape.value as { players?: unknown }).players;
  const player = Array.isArray(players) ? (players[path[1]] as { name?: unknown } | undefined) : undefined;
  const name = typeof player?.name === 'string' && player.name.trim() !== '' ? player.name.trim() : null;
  return { number: path[1] + 1, name };
}

/** The key of the roster or of a player a path is under (`skills`, `team`, `players`); null for a player as a whole, or the roster. */
const keyAt = (path: readonly (string | number)[]): string | null => {
  const key = path[0] === 'players' && typeof path[1] === 'number' ? path[2] : path[0];
  return typeof key === 'string' ? key : null;
};

function schemaProblem(problem: SchemaProblem, shape: RosterShape): Diagnostic {
  const t = wordsOf(shape.speaker);
  const { path, keyword, params } = problem;
  const key = keyAt(path);
  const where = t.where({ player: playerAt(shape, path), key });
  const at = shape.parsed.locate(filePath(shape, path));
  const say = (reason: string, place: Place | null = at, extra: { expected?: string } = {}) => bad(reason, shape.file, place, shape.speaker, extra);
  if (keyword === 'additionalProperties') return unknownKey(problem, shape, t);
  if (path.length === 3 && isProfileKey(key)) return say(t.profileValue(where, key), at, { expected: PROFILE_EXAMPLES[key] });
  if (keyword === 'type' && path.length === 0) return say(t.notRoster, { line: 1 });
  if (keyword === 'type' && path.length === 1 && path[0] === 'players') return notList(shape, t, at);
  if (keyword === 'type' && path.length === 2) return say(playerText(shape, path) ?? t.notPlayer(where));
  if (keyword === 'required' && path.length === 0) return say(t.notRoster, { line: 1 });
  if (keyword === 'required') return say(t.missingName(where));
  if (keyword === 'pattern' || (keyword === 'minLength' && key === 'name')) return say(t.blankName(where));
  if (keyword === 'minItems') return say(t.noPlayers, shape.parsed.locateKey(filePath(shape, path)) ?? at);
  if (keyword === 'maxLength') return say(t.tooLong(where, Number(params.limit)));
  if (keyword === 'maxItems') return say(t.tooMany(where, Number(params.limit)));
  if (keyword === 'anyOf') return say(t.namesShape(where));
  if (keyword === 'type') return say(t.notText(where));
  return say(t.otherShape(where));
}

/** A player YAML read as text because its first key has no colon (`- name Mork`): that colon; null otherwise. */
function playerText(shape: RosterShape, path: readonly (string | number)[]): string | null {
  const players = (shape.value as { players?: unknown }).players;
  const value = Array.isArray(players) ? players[path[1] as number] : undefined;
  const line = typeof value === 'string' ? keyOfLine(value) : null;
  return line && !line.colon && PLAYER_KEYS.includes(line.key) ? wordsOf(shape.speaker).missingColon(line.key, line.rest) : null;
}

/** `players:` that is no list: a dash with no space after it (`-name: Gork`) says so at its line; anything else, what a list of players is. */
function notList(shape: RosterShape, t: SelectionWords, at: Place | null): Diagnostic {
  const players = (shape.value as { players?: unknown }).players;
  const dashed = players && typeof players === 'object' ? Object.keys(players).find((key) => key.startsWith('-') && key.length > 1) : undefined;
  if (dashed !== undefined) {
    const where = t.where({ player: { number: 1, name: null }, key: null });
    return bad(t.dashKey(where, dashed), shape.file, shape.parsed.locateKey(['players', dashed]) ?? at, shape.speaker);
  }
  return bad(t.notList('players'), shape.file, shape.parsed.locateKey(filePath(shape, ['players'])) ?? at, shape.speaker);
}

/** A key the roster or a player does not have, at the key's own line, with the key it most likely means. */
function unknownKey(problem: SchemaProblem, shape: RosterShape, t: SelectionWords): Diagnostic {
  const key = String(problem.params.additionalProperty);
  const ofPlayer = problem.path.length === 2;
  const where = t.where({ player: playerAt(shape, problem.path), key: null });
  const place = shape.parsed.locateKey(filePath(shape, [...problem.path, key])) ?? shape.parsed.locate(filePath(shape, problem.path));
  const keys = ofPlayer ? PLAYER_KEYS : ROSTER_KEYS;
  const expected = t.keysOf(keys, ofPlayer);
  if (key.startsWith('-') && keys.includes(key.slice(1).trim())) return bad(t.dashKey(where, key), shape.file, place, shape.speaker, { expected });
  return bad(t.unknownKey(where, key, ofPlayer, closestKey(key, keys)), shape.file, place, shape.speaker, { expected });
}

/** The same letters in another order (`tema`, `team`): a slip of the fingers. */
const sameLetters = (a: string, b: string): boolean => a.length === b.length && [...a].sort().join('') === [...b].sort().join('');

/** The key a misspelt one means: another word for it (French, a roster sheet's label), or one of `keys` an edit or two away (one for a short key), or the same letters swapped (case and accents aside). */
function closestKey(key: string, keys: readonly string[]): string | null {
  const folded = nameKey(key);
  const other = OTHER_KEYS[folded];
  if (other && keys.includes(other)) return other;
  let best: { key: string; distance: number } | null = null;
  for (const candidate of keys) {
    const distance = sameLetters(folded, candidate) ? 1 : editDistance(folded, candidate, 2);
    if (distance <= (candidate.length <= 4 ? 1 : 2) && (!best || distance < best.distance)) best = { key: candidate, distance };
  }
  return best?.key ?? null;
}

/** A roster's `edition:` that names no edition with cards (`edition: 2020`): a roster error at its line, listing the ids. */
export function unknownRosterEdition(value: string, file: string, line: number | null, editions: readonly string[], speaker: Speaker): Diagnostic {
  const t = wordsOf(speaker);
  return error({
    reason: t.unknownEdition(value, editions),
    file,
    place: { line: line ?? 1 },
    ruleId: 'cards/bad-roster',
    source: 'select',
    expected: t.unknownEditionAdvice(editions),
    note: t.unknownEditionNote(editions[0] ?? 'en-2020'),
  });
}
