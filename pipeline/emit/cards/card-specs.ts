/**
 * What goes on each card, before layout: skill and trait records (and a
 * roster's players) become `CardSpec`s — name with parameter, kind and
 * category with their colour, compulsory marker, random-table corner index,
 * footer, and the rule text as blocks. Labels in the card's language. Pure.
 */
import { markdownToMdast } from '../../model/markdown-tree.ts';
import type { DataBundle } from '../../model/dataset.ts';
import { ENUM_LABELS, editionNameIn, editionTitleIn } from '../../model/labels.ts';
import { reviewedNameIn } from '../../model/names.ts';
import type { Concept, Lang, Skill } from '../../model/schema-types.ts';
import { COLOURS, type CardColour } from './colours.ts';
import type { Face, TextOrigin, UsedText } from './fonts.ts';
import { profileLine, type PlayerProfile } from './player-profile.ts';
import { blocksOf, usedTextOf, type Block } from './rich-text.ts';

export interface CardSpec {
  /** Unique within a document: the record id, with the parameter or player when given. */
  key: string;
  lang: Lang;
  title: string;
  /** Small type under the title: the English name on a French card, the team on a player card. */
  subtitle: string | null;
  /** "Skill · Strength", "Trait", "Compétence · Force". */
  kindLabel: string;
  /** "COMPULSORY", "COMPULSORY IN 2020", "OBLIGATOIRE"… or null. */
  marker: string | null;
  /** Random-table slots ("BB 4-6·1 · DB 4-6·1"), or a player's profile ("MA 7 ST 3 AG 3+ PA 4+ AV 9+ · 85k · 12 SPP"). */
  corner: string | null;
  /** The corner's face: bold grey random slots; a player's profile in regular black, so it fits a line. */
  cornerFace?: 'bold' | 'regular';
  /** The category's letter, in a badge by the kind line, so the category reads in greyscale too ("S" for Strength). */
  badge: string | null;
  /** The roster's team, printed on the card's footer and on its back. */
  team: string | null;
  /** The edition's label. */
  footerLeft: string;
  /** The record id ("" when the card has none, as a player's). */
  footerRight: string;
  body: Block[];
  /** Category (or kind) colour and pattern of the band, and colour of the back. */
  colour: CardColour;
  /** What the back says under the codex name. */
  backLabel: string;
  origin: TextOrigin;
}

export { COLOURS } from './colours.ts';

const capitalised = (value: string): string => value.charAt(0).toUpperCase() + value.slice(1);

/** The card's labels: the schema's enums from pipeline/model/labels.ts (one home with the site), and the card's own words. */
export const LABELS = {
  en: {
    skill: capitalised(ENUM_LABELS.en.kinds.skill),
    trait: capitalised(ENUM_LABELS.en.kinds.trait),
    categories: ENUM_LABELS.en.categories,
    compulsory: 'COMPULSORY',
    compulsoryIn2020: 'COMPULSORY IN 2020',
    contNext: 'continued on the next card →',
    continued: 'continued',
    player: 'Player',
    players: 'Players:',
    skills: (n: number) => `${n} skill${n === 1 ? '' : 's'}`,
    inducement: 'Inducement',
    oncePerGame: 'ONCE PER GAME',
    spells: (n: number) => `${n} spell${n === 1 ? '' : 's'}`,
    /** Above a text in another language than the card's (an English deck never prints one; here for the French table's type). */
    otherText: (edition: string) => `Text in French, ${edition}: no English version in the sources`,
  },
  fr: {
    skill: capitalised(ENUM_LABELS.fr.kinds.skill),
    trait: capitalised(ENUM_LABELS.fr.kinds.trait),
    categories: ENUM_LABELS.fr.categories,
    compulsory: 'OBLIGATOIRE',
    compulsoryIn2020: 'OBLIGATOIRE EN 2020',
    contNext: 'suite sur la carte suivante →',
    continued: 'suite',
    player: 'Joueur',
    players: 'Joueurs :',
    skills: (n: number) => `${n} compétence${n === 1 ? '' : 's'}`,
    inducement: 'Coup de pouce',
    oncePerGame: 'UNE FOIS PAR MATCH',
    spells: (n: number) => `${n} sort${n === 1 ? '' : 's'}`,
    /** Above an English text on a French card: no French wording of it is in the sources. */
    otherText: (edition: string) => `Texte anglais, ${edition} : aucune version française dans les sources`,
  },
} as const;

/** "(2/3)": the heading of each card of a chain. */
export const partLabel = (part: number, parts: number): string => `(${part + 1}/${parts})`;

export const CODEX_NAME = 'Nuffle Codex';

/** The card's name: the base name with the parameter given (or the record's own), no `*`. */
function titleOf(record: Skill, parameter: string | null): string {
  const value = parameter ?? record.parameter;
  return value ? `${record.name} (${value})` : record.name;
}

function kindLabelOf(record: Pick<Skill, 'kind' | 'category'>, lang: Lang): string {
  const labels = LABELS[lang];
  const kind = labels[record.kind];
  const category = labels.categories[record.category];
  return record.category === record.kind ? kind : `${kind} · ${category}`;
}

/**
 * The compulsory marker. The record's own value when its source marks
 * compulsory names; when it has none (`null`), the English 2020 value of its
 * concept, naming the edition. (Before the contract had `null`, the field was
 * a plain boolean; both shapes read right.)
 */
function markerOf(record: Skill, concept: Concept | undefined, lang: Lang = record.lang): string | null {
  const labels = LABELS[lang];
  const own = record.compulsory as boolean | null | undefined;
  if (own === true) return labels.compulsory;
  if (own === false) return null;
  const fromConcept = (concept as { compulsory?: boolean | null } | undefined)?.compulsory;
  return fromConcept === true ? labels.compulsoryIn2020 : null;
}

function cornerOf(record: Skill): string | null {
  if (!record.randomSlots.length) return null;
  return record.randomSlots.map((slot) => `${slot.game === 'blood-bowl' ? 'BB' : 'DB'} ${slot.roll}·${slot.d6}`).join(' · ');
}

/** Lookups the specs need, built once per bundle. */
export interface SpecContext {
  concepts: Map<string, Concept>;
  editionLabel: Map<string, string>;
  editionFile: Map<string, string>;
  /** Each concept's name in French where a reviewed one exists (model/names.ts reviewedNameIn). */
  frenchName: Map<string, string>;
  /** Each edition's name in French ("Blood Bowl 2020 (anglais)"), on the footer of a French card. */
  frenchLabel: Map<string, string>;
  /** Each edition's name in French, its language left out ("Blood Bowl 2020"), for the line above an English text on a French card. */
  frenchTitle: Map<string, string>;
}

/** An edition's name on a card of `lang`: the manifest's label, or on a French card its French name. */
export const editionLabelIn = (context: SpecContext, edition: string, lang: Lang): string =>
  (lang === 'fr' ? context.frenchLabel.get(edition) : context.editionLabel.get(edition)) ?? edition;

export function specContextOf(bundle: Pick<DataBundle, 'concepts' | 'editions' | 'names'>): SpecContext {
  return {
    concepts: new Map(bundle.concepts.map((c) => [c.id, c])),
    editionLabel: new Map(bundle.editions.map((e) => [e.id, e.label])),
    editionFile: new Map(bundle.editions.map((e) => [e.id, e.file])),
    frenchName: new Map(bundle.concepts.map((c) => [c.id, reviewedNameIn(c, bundle.names, 'fr')])),
    frenchLabel: new Map(bundle.editions.map((e) => [e.id, editionNameIn(e, 'fr')])),
    frenchTitle: new Map(bundle.editions.map((e) => [e.id, editionTitleIn(e, 'fr')])),
  };
}

function originOf(record: Skill, context: SpecContext): TextOrigin {
  return { record: record.id, file: context.editionFile.get(record.edition) ?? record.source.id, line: record.source.lines[0] };
}

/** The category's letter in the card's language: "S" for Strength, "F" for Force. */
const badgeOf = (record: Pick<Skill, 'category'>, lang: Lang): string => LABELS[lang].categories[record.category].charAt(0).toUpperCase();

/**
 * The line above a text in another language than its card's: on a French
 * card, "Texte anglais, Blood Bowl 2020 : aucune version française dans les
 * sources". Italic, in the card's language.
 */
export function otherTextBlock(edition: string, lang: Lang, context: SpecContext): Block {
  const title = lang === 'fr' ? (context.frenchTitle.get(edition) ?? edition) : (context.editionLabel.get(edition) ?? edition);
  return { runs: [{ text: LABELS[lang].otherText(title), face: 'italic' }], depth: 0, marker: null, spaceBefore: 0, textLine: 1 };
}

/** A record's name on a card of another language: the concept's French name where a reviewed one exists, else its own. */
function nameIn(record: Skill, lang: Lang, context: SpecContext): string {
  if (lang === record.lang || lang !== 'fr' || record.concept === null) return record.name;
  return context.frenchName.get(record.concept) ?? record.name;
}

/** A team deck: the team's name, and who has each skill. */
export interface Deck {
  team: string | null;
  /** The players who have the skill, in roster order. */
  players: string[];
}

/** The line naming the players who have a skill, first in the body of a team's card. */
function playersBlock(players: readonly string[], lang: Lang): Block[] {
  if (!players.length) return [];
  return [
    {
      runs: [
        { text: `${LABELS[lang].players} `, face: 'bold' },
        { text: players.join(', '), face: 'italic' },
      ],
      depth: 0,
      marker: null,
      spaceBefore: 0,
      textLine: 1,
    },
  ];
}

/**
 * The card of one record (with a parameter given by the selection, if any;
 * with its team and players in a team deck), in the deck's language `lang`:
 * an English record on a French card (no French wording in the sources) has
 * its French name where a reviewed one exists, French labels, and says above
 * its English text that it is one.
 */
export function skillCardSpec(record: Skill, parameter: string | null, context: SpecContext, deck: Deck | null = null, lang: Lang = record.lang): CardSpec {
  const concept = record.concept === null ? undefined : context.concepts.get(record.concept);
  // No English line for a rule no English source has (never an invented name).
  const english = concept?.names.en;
  const foreign = lang !== record.lang;
  const title = titleOf({ ...record, name: nameIn(record, lang, context) }, parameter);
  const body = [...(foreign ? [otherTextBlock(record.edition, lang, context)] : []), ...blocksOf(markdownToMdast(record.text))];
  const players = playersBlock(deck?.players ?? [], lang);
  if (players.length && body[0]) body[0] = { ...body[0], spaceBefore: 0.6 };
  return {
    key: parameter === null ? record.id : `${record.id}(${parameter})`,
    lang,
    title,
    subtitle: lang !== 'en' && english && !(foreign && title === titleOf(record, parameter)) ? `EN: ${english}` : null,
    kindLabel: kindLabelOf(record, lang),
    marker: markerOf(record, concept, lang),
    corner: cornerOf(record),
    badge: badgeOf(record, lang),
    team: deck?.team ?? null,
    footerLeft: editionLabelIn(context, record.edition, lang),
    footerRight: record.id,
    body: [...players, ...body],
    colour: COLOURS[record.category],
    backLabel: LABELS[lang].categories[record.category],
    origin: originOf(record, context),
  };
}

export interface PlayerSkill {
  record: Skill;
  parameter: string | null;
}

/** A roster player, as their card needs them. */
export interface PlayerCard {
  name: string;
  position: string | null;
  skills: PlayerSkill[];
  /** The roster's line for the player, where an error about the player is reported (1 when unknown). */
  line?: number | null;
  /** Characteristics, cost and SPP: the kind line's corner, on each card (the position stays in the small type under the name). */
  profile?: PlayerProfile | null;
}

/**
 * A roster player's card, in the deck's language: the player's name, the
 * profile line when the roster gives one (characteristics, cost, SPP) under
 * the kind, then each skill's name in bold and its text; the team in the footer.
 */
export function playerCardSpec(
  player: PlayerCard,
  team: string | null,
  rosterFile: string,
  context: SpecContext,
  lang: Lang = player.skills[0]?.record.lang ?? 'en',
): CardSpec {
  const labels = LABELS[lang];
  const body: Block[] = [];
  for (const { record, parameter } of player.skills) {
    const text = blocksOf(markdownToMdast(record.text));
    const blocks = lang === record.lang ? text : [otherTextBlock(record.edition, lang, context), ...text];
    const marker = markerOf(record, record.concept === null ? undefined : context.concepts.get(record.concept), lang);
    const title = titleOf({ ...record, name: nameIn(record, lang, context) }, parameter);
    body.push({
      runs: [{ text: title + (marker ? ` (${marker.toLowerCase()})` : ''), face: 'bold' }],
      name: title,
      depth: 0,
      marker: null,
      spaceBefore: body.length ? 0.7 : 0,
      textLine: 1,
      keepWithNext: true,
    });
    blocks.forEach((block, n) => {
      body.push(n === 0 ? { ...block, spaceBefore: 0.1 } : block);
    });
  }
  const editions = [...new Set(player.skills.map((s) => s.record.edition))];
  return {
    key: `player:${player.name}`,
    lang,
    title: player.name,
    subtitle: [player.position, team].filter((s): s is string => !!s).join(' · ') || null,
    kindLabel: `${labels.player} · ${labels.skills(player.skills.length)}`,
    marker: null,
    corner: player.profile ? profileLine(player.profile, lang) : null,
    cornerFace: 'regular',
    badge: null,
    team,
    footerLeft: editions.map((e) => editionLabelIn(context, e, lang)).join(', '),
    footerRight: '',
    body,
    colour: COLOURS.player,
    backLabel: labels.player,
    origin: { record: `player ${player.name}`, file: rosterFile, line: player.line ?? 1 },
  };
}

/** Every string a card draws outside its body, with its face, for the glyph check. */
export function usedTextOfSpec(spec: CardSpec): UsedText[] {
  const at = (text: string | null, face: Face, where: string): UsedText[] => (text ? [{ text, face, origin: spec.origin, where }] : []);
  const labels = LABELS[spec.lang];
  return [
    ...at(spec.title, 'bold', 'name'),
    ...at(spec.subtitle, 'italic', 'name'),
    ...at(spec.kindLabel, 'bold', 'kind'),
    ...at(spec.marker, 'bold', 'marker'),
    ...at(spec.corner, spec.cornerFace ?? 'bold', 'random slots'),
    ...at(spec.badge, 'bold', 'badge'),
    ...at(spec.team, 'bold', 'footer'),
    ...at(spec.footerLeft, 'regular', 'footer'),
    ...at(spec.footerRight, 'regular', 'footer'),
    ...at(spec.backLabel, 'bold', 'back'),
    ...at(CODEX_NAME, 'bold', 'back'),
    ...at('(0123456789/)', 'bold', 'name'),
    ...at(labels.contNext, 'italic', 'text'),
    ...at(labels.continued, 'bold', 'text'),
    ...usedTextOf(spec.body, spec.origin),
  ];
}
