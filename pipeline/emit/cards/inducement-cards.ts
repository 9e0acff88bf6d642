/**
 * Inducement cards: the infamous coaching staff and the wizards, each with
 * its abilities and spells (name in bold, then the text), in their own PDF.
 * Pure: inducement records in, `CardSpec`s out.
 */
import { markdownToMdast } from '../../model/markdown-tree.ts';
import type { Inducement } from '../../model/schema-types.ts';
import { COLOURS, type CardSpec, type SpecContext } from './card-specs.ts';
import { blocksOf, type Block } from './rich-text.ts';

/** The inducement kinds that get a card. */
const INDUCEMENT_CARD_KINDS = ['coaching-staff', 'wizard'] as const;
type CardKind = (typeof INDUCEMENT_CARD_KINDS)[number];

const KIND_LABEL: Record<CardKind, string> = { 'coaching-staff': 'Infamous coaching staff', wizard: 'Wizard' };
const BACK_LABEL: Record<CardKind, string> = { 'coaching-staff': 'Coaching staff', wizard: 'Wizard' };

export const isCardInducement = (inducement: Inducement): inducement is Inducement & { kind: CardKind } =>
  (INDUCEMENT_CARD_KINDS as readonly string[]).includes(inducement.kind);

/** A heading (bold) followed by the blocks of its text. */
function section(name: string, text: string, line: number, first: boolean): Block[] {
  const heading: Block = {
    runs: [{ text: name, face: 'bold' }],
    depth: 0,
    marker: null,
    spaceBefore: first ? 0 : 0.7,
    textLine: 1,
    sourceLine: line,
    keepWithNext: true,
  };
  const blocks = blocksOf(markdownToMdast(text));
  return [heading, ...blocks.map((block, n) => ({ ...block, sourceLine: line, spaceBefore: n === 0 ? 0.1 : block.spaceBefore }))];
}

export function inducementCardSpec(inducement: Inducement & { kind: CardKind }, context: SpecContext): CardSpec {
  // Stryker disable next-line MethodExpression: blank Markdown parses to no block, so the text untrimmed gives the same empty body
  const body: Block[] = inducement.text.trim() ? blocksOf(markdownToMdast(inducement.text)) : [];
  for (const ability of inducement.abilities) body.push(...section(ability.name, ability.text, ability.line, body.length === 0));
  for (const spell of inducement.spells) body.push(...section(spell.name, spell.text, spell.line, body.length === 0));
  const limits = [inducement.limits.max !== null ? `0-${inducement.limits.max}` : null, inducement.limits.oncePerGame ? 'ONCE PER GAME' : null].filter(
    (s): s is string => s !== null,
  );
  const spells = inducement.spells.length;
  return {
    key: inducement.id,
    lang: 'en',
    title: inducement.name,
    subtitle: spells ? `${spells} spell${spells === 1 ? '' : 's'}` : null,
    kindLabel: `Inducement · ${KIND_LABEL[inducement.kind]}`,
    marker: limits.length ? limits.join(' · ') : null,
    corner: null,
    badge: null,
    team: null,
    footerLeft: context.editionLabel.get(inducement.edition) ?? inducement.edition,
    footerRight: inducement.id,
    body,
    colour: COLOURS[inducement.kind],
    backLabel: BACK_LABEL[inducement.kind],
    origin: { record: inducement.id, file: context.editionFile.get(inducement.edition) ?? inducement.source.id, line: inducement.source.lines[0] },
  };
}
