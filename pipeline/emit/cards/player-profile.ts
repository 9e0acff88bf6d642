/**
 * A roster player's profile, as the roster gives it: characteristics (MA,
 * ST, AG, PA, AV), cost and Star Player Points. On the player's card it is
 * one line under the kind, on each of the player's cards, in a roster
 * sheet's order: "MA 7 ST 3 AG 3+ PA 4+ AV 9+ · 85k · 12 SPP", labels in the
 * card's language (the position is in the small type under the name); on a
 * card too narrow for it, it breaks at its " · ". Pure.
 */
import type { Lang, RosterPlayer } from '../../model/schema-types.ts';

const CHARACTERISTICS = ['ma', 'st', 'ag', 'pa', 'av'] as const;
type Characteristic = (typeof CHARACTERISTICS)[number];

/** What a roster says of a player besides the name, position and skills; null fields were left empty. */
export interface PlayerProfile {
  /** Each characteristic the roster gives, as written (a PA left empty is "-"). */
  characteristics: Partial<Record<Characteristic, string>>;
  cost: string | null;
  spp: number | null;
}

/** The labels of a profile line: English roster sheets, and the French ones (M, F, AG, CP, AR; PSP). */
const PROFILE_LABELS: Record<Lang, Record<Characteristic | 'spp', string>> = {
  en: { ma: 'MA', st: 'ST', ag: 'AG', pa: 'PA', av: 'AV', spp: 'SPP' },
  fr: { ma: 'M', st: 'F', ag: 'AG', pa: 'CP', av: 'AR', spp: 'PSP' },
};

/** A cost as coaches write it: 85000 is "85k"; a text as given. */
function costOf(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() || null;
  return value % 1000 === 0 && value > 0 ? `${value / 1000}k` : String(value);
}

/** The profile a roster gives for a player, or null when it gives none. */
export function profileOf(player: RosterPlayer): PlayerProfile | null {
  const characteristics: PlayerProfile['characteristics'] = {};
  for (const key of CHARACTERISTICS) {
    const value = player[key];
    if (value !== undefined && (value !== null || key === 'pa')) characteristics[key] = value === null ? '-' : String(value);
  }
  const profile = { characteristics, cost: costOf(player.cost), spp: player.spp ?? null };
  return Object.keys(characteristics).length || profile.cost !== null || profile.spp !== null ? profile : null;
}

/** The profile's line, under the kind of each of the player's cards; a label and its value never part (a no-break space). */
export function profileLine(profile: PlayerProfile, lang: Lang): string {
  const labels = PROFILE_LABELS[lang];
  const characteristics = CHARACTERISTICS.filter((key) => profile.characteristics[key] !== undefined)
    .map((key) => `${labels[key]}\u00a0${profile.characteristics[key]}`)
    .join(' ');
  const spp = profile.spp === null ? null : `${profile.spp}\u00a0${labels.spp}`;
  return [characteristics, profile.cost, spp].filter((part) => part).join(' · ');
}
