/**
 * The random-table marker lines after an entry: `Bloodbowlnone`,
 * `Bloodbowlrandom skill: 1d6 "(1-3)" + 1d6 "4"`, a bare `Dungeonbowl` (the
 * Blood Bowl slot again in Dungeon Bowl). Each gives the entry a game, and
 * perhaps a slot on that game's random-skill table.
 */
import { error, excerpt } from '../../model/diagnostic.ts';
import type { Game, Roll } from '../../model/schema-types.ts';
import { GAMES, kindAt, MARKER, MARKER_SLOT } from './classify.ts';
import { at, type Context } from './context.ts';

export interface Membership {
  /** 1-based line of the marker. */
  line: number;
  slot: { roll: Roll; d6: number } | null;
}

export interface Markers {
  memberships: Map<Game, Membership>;
  /** 0-based index of the last marker line read (`from - 1` when there is none). */
  last: number;
  /** Where reading goes on. */
  next: number;
}

/** The run of marker lines from `from` (blank lines between markers allowed). */
export function readMarkers(context: Context, from: number, entry: string): Markers {
  const { lines } = context;
  const memberships = new Map<Game, Membership>();
  let last = from - 1;
  let i = from;
  while (i < lines.length && (kindAt(lines, i) === 'marker' || (kindAt(lines, i) === 'blank' && kindAt(lines, i + 1) === 'marker'))) {
    if (kindAt(lines, i) === 'marker') {
      readMarker(context, i, memberships, entry);
      last = i;
    }
    i++;
  }
  return { memberships, last, next: i };
}

/** One marker line: records the game (and slot) in `memberships`, or reports why it cannot. */
function readMarker(context: Context, index: number, memberships: Map<Game, Membership>, entry: string): void {
  const text = context.lines[index]!.trim();
  const [, head, rest] = MARKER.exec(text)!;
  const game = GAMES[head!.toLowerCase()]!;
  const spec = rest!.trim();
  const malformed = (expected: string) => {
    // Remember the line, so the entry does not also read as having no marker.
    if (!memberships.has(game)) memberships.set(game, { line: index + 1, slot: null });
    context.diagnostics.push(
      error({
        reason: `Malformed random-table line for "${entry}"`,
        file: context.file,
        place: at(index),
        ruleId: 'en2020/malformed-marker',
        source: 'parse',
        expected,
        actual: JSON.stringify(excerpt(text)),
      }),
    );
  };
  if (memberships.has(game)) {
    malformed(`one ${head} line per entry (the first is on line ${memberships.get(game)!.line})`);
    return;
  }
  if (spec === 'none') {
    memberships.set(game, { line: index + 1, slot: null });
  } else if (spec === '' && game === 'dungeon-bowl') {
    // A bare Dungeonbowl line: in Dungeon Bowl, at the same slot as in Blood Bowl.
    const bloodBowl = memberships.get('blood-bowl');
    if (!bloodBowl) {
      malformed('a Bloodbowl line before a bare Dungeonbowl line (it copies the Blood Bowl slot)');
      return;
    }
    // (A malformed Bloodbowl line was reported already; its slot stays unknown.)
    memberships.set(game, { line: index + 1, slot: bloodBowl.slot });
  } else {
    const slot = MARKER_SLOT.exec(spec);
    if (!slot) {
      malformed(`${head}none, ${head}random skill: 1d6 "(1-3)" + 1d6 "4"${game === 'dungeon-bowl' ? ', or a bare Dungeonbowl' : ''}`);
      return;
    }
    memberships.set(game, { line: index + 1, slot: { roll: slot[1] as Roll, d6: Number(slot[2]) } });
  }
}
