/** The name the card page's PDF downloads under. */
import type { CardDocumentPlan } from '../../../../pipeline/emit/cards/emit-cards.ts';
import { slugify } from '../../../../pipeline/model/slug.ts';
import type { CardStrings } from './strings.ts';

/**
 * The deck's team (the team field, or the roster's `team:`) through the one
 * slug of the codex (model/slug.ts: accents folded, letters kept), then the
 * page's word for cards: `reikland-reavers-cards.pdf`,
 * `les-ecorcheurs-de-bretonnie-cartes.pdf`; with no team, `cards.pdf` or `cartes.pdf`.
 */
export function fileName(plan: Pick<CardDocumentPlan, 'specs'>, t: Pick<CardStrings, 'pdfName'>): string {
  const team = plan.specs.find((spec) => spec.team)?.team ?? '';
  let slug = slugify(team).slice(0, 60);
  // Cut at 60, a slug may end in the hyphen of a space.
  while (slug.endsWith('-')) slug = slug.slice(0, -1);
  return t.pdfName(slug);
}
