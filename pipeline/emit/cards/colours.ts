/**
 * The cards' colours, for print: every colour is DeviceCMYK (per cent of
 * cyan, magenta, yellow and black ink), so a print shop that asks for CMYK
 * gets it as drawn, with no RGB to convert. Each category has a colour and a
 * pattern: on a greyscale printer the bands differ by the pattern drawn over
 * them (hatching in a darker shade), and where two share one, by lightness.
 * Every band is dark enough for white type. Pure data.
 */
import type { Category } from '../../model/schema-types.ts';

/** A CMYK colour: per cent of cyan, magenta, yellow and black ink. */
export type Cmyk = readonly [number, number, number, number];

/** Black ink alone: `k` per cent. */
export const K = (k: number): Cmyk => [0, 0, 0, k];

/**
 * What is drawn over a band, in its darker shade, so the category reads in
 * greyscale: nothing, lines rising or falling at 45°, horizontal or vertical
 * lines, a grid, a diagonal cross-hatch, or dots.
 */
const BAND_PATTERNS = ['none', 'rising', 'falling', 'horizontal', 'vertical', 'grid', 'cross', 'dots'] as const;
export type BandPattern = (typeof BAND_PATTERNS)[number];

export interface CardColour {
  /** The band, the badge, the rules and the back. */
  ink: Cmyk;
  pattern: BandPattern;
}

export type ColourKey = Category | 'coaching-staff' | 'wizard' | 'inducement' | 'player';

/**
 * One colour and pattern per category (and kind of inducement). Two with
 * the same pattern differ in lightness by a tenth or more (on a DeviceGray
 * conversion: general and player, passing and wizard, strength and
 * inducement), and each patterned band is light enough for its darker
 * hatching to show in greyscale (test/cards/colours.test.ts). The traits'
 * grey is black ink only.
 */
export const COLOURS: Record<ColourKey, CardColour> = {
  general: { ink: [100, 50, 0, 30], pattern: 'none' },
  agility: { ink: [80, 0, 100, 30], pattern: 'rising' },
  strength: { ink: [0, 90, 100, 20], pattern: 'horizontal' },
  passing: { ink: [0, 35, 100, 30], pattern: 'dots' },
  mutation: { ink: [60, 90, 0, 10], pattern: 'falling' },
  trait: { ink: K(75), pattern: 'vertical' },
  extraordinary: { ink: [0, 55, 100, 35], pattern: 'cross' },
  'coaching-staff': { ink: [100, 0, 50, 35], pattern: 'grid' },
  wizard: { ink: [90, 80, 0, 0], pattern: 'dots' },
  // Every other inducement a team lists: bribes, apothecaries, a referee, special plays…
  inducement: { ink: [0, 70, 25, 25], pattern: 'horizontal' },
  player: { ink: [50, 25, 20, 30], pattern: 'none' },
};

/** The shade a band's pattern is drawn in: its colour with 35 % more black. */
export const patternShade = (ink: Cmyk): Cmyk => [ink[0], ink[1], ink[2], Math.min(100, ink[3] + 35)];
