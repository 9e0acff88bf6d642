/**
 * How the cards are printed: one typed object that the pure layout takes,
 * the same for `nuffle cards` and, later, the web page that makes cards in
 * the browser (issue 25). Each choice lists its values here, so a command's
 * option table and a form's select read them from one place. Pure.
 */

export const PAPER_VALUES = ['a4', 'letter'] as const;
export const LAYOUT_VALUES = ['sheet', 'single'] as const;
export const DUPLEX_VALUES = ['long', 'short'] as const;
export const INK_VALUES = ['normal', 'low'] as const;
/** The card size presets (`--size`), poker first: their millimetres are geometry.ts's CARD_SIZES. */
export const SIZE_VALUES = ['poker', 'bridge', 'mini', 'tarot'] as const;
/** How the text of the cards of a page is sized (`--text-size`; before issue 34 it was `--size fit|uniform`). */
export const TEXT_SIZE_VALUES = ['fit', 'uniform'] as const;

export type Paper = (typeof PAPER_VALUES)[number];
/** `sheet`: several cards on a page with crop marks; `single`: one card per page with its bleed (print-on-demand). */
type Layout = (typeof LAYOUT_VALUES)[number];
/** The edge the printer turns the paper over for the backs. */
export type Duplex = (typeof DUPLEX_VALUES)[number];
/** `low`: white name bands with a coloured rule and outline, plain backs (office laser printers). */
export type Ink = (typeof INK_VALUES)[number];
/** Poker 63 × 88 mm, bridge 57 × 89, mini 44 × 63, tarot 70 × 120. */
export type CardSize = (typeof SIZE_VALUES)[number];
/** `fit`: each card its own largest size; `uniform`: one size per sheet, the largest that fits every card on it. */
type TextSize = (typeof TEXT_SIZE_VALUES)[number];

export interface CardsOptions {
  paper: Paper;
  layout: Layout;
  /** 3 mm of bleed round every card, with gutters between the cards (always on with the single layout). */
  bleed: boolean;
  /** A back page after each front page. */
  backs: boolean;
  duplex: Duplex;
  ink: Ink;
  /** The card's size: every size has the same bleed, crop marks, duplex and continuation rules. */
  size: CardSize;
  textSize: TextSize;
}

/** Home printing: A4, 3 × 3 touching poker cards, full colour, each card its own text size, backs off. */
export const DEFAULT_CARDS_OPTIONS: Readonly<CardsOptions> = {
  paper: 'a4',
  layout: 'sheet',
  bleed: false,
  backs: false,
  duplex: 'long',
  ink: 'normal',
  size: 'poker',
  textSize: 'fit',
};

/** The options with every unset field at its default. */
export function cardsOptions(partial: Partial<CardsOptions> = {}): CardsOptions {
  return { ...DEFAULT_CARDS_OPTIONS, ...partial };
}

/** Whether the cards carry their own bleed (asked for, or implied by one card per page). */
export const hasBleed = (options: Pick<CardsOptions, 'bleed' | 'layout'>): boolean => options.bleed || options.layout === 'single';
