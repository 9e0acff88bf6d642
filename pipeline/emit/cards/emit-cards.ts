/**
 * The card stage's orchestrator: from the published dataset (and the
 * selection, if any) to PDF bytes and index.json. Checks the glyphs of every
 * card before drawing; fits every card; reports which cards continue.
 * Pure apart from pdfkit building the PDFs in memory; the writing is done by
 * pipeline/targets/cards.ts and pipeline/commands/cards.ts.
 */
import type { DataBundle } from '../../model/dataset.ts';
import type { Diagnostic } from '../../model/diagnostic.ts';
import type { Lang } from '../../model/schema-types.ts';
import { compare } from '../../model/order.ts';
import { checkGlyphs, type Fonts } from './fonts.ts';
import { sheetFor, type Sheet } from './geometry.ts';
import { skillCardSpec, specContextOf, usedTextOfSpec, type CardSpec } from './card-specs.ts';
import { inducementCardSpec, isCardInducement } from './inducement-cards.ts';
import { drawDocument, fitCard, uniformSizes, type FittedCard } from './layout.ts';
import type { CardsOptions } from './options.ts';

export type { CardsOptions } from './options.ts';

/** One PDF to make: its cards and what the index says about it. */
export interface CardDocumentPlan {
  file: string;
  edition: string;
  label: string;
  language: Lang;
  title: string;
  specs: CardSpec[];
}

export interface IndexEntry {
  file: string;
  edition: string;
  label: string;
  language: Lang;
  /** Records (or players, or inducements) on the cards. */
  records: number;
  /** Physical cards, continuation cards included. */
  cards: number;
  pages: number;
  /** Keys of the specs whose text needed a continuation card. */
  continued: string[];
}

export interface RenderedDocument extends IndexEntry {
  bytes: Uint8Array;
}

export interface CardsResult {
  documents: RenderedDocument[];
  diagnostics: Diagnostic[];
}

/**
 * CreationDate and ModDate of every PDF: a fixed date, so the same dataset
 * gives the same bytes (the dataset carries a version, not a date; the
 * version is written in the metadata). 2020-01-01, the edition's year.
 */
const CARDS_EPOCH = new Date(Date.UTC(2020, 0, 1, 0, 0, 0));

/** The full set: one PDF per skill edition (in editions.json order), then the inducement cards. */
export function planAllDocuments(bundle: DataBundle): CardDocumentPlan[] {
  const context = specContextOf(bundle);
  const plans: CardDocumentPlan[] = [];
  for (const edition of bundle.editions) {
    const records = bundle.skills.filter((r) => r.edition === edition.id).sort((a, b) => compare(a.name, b.name) || compare(a.id, b.id));
    if (!records.length) continue;
    plans.push({
      file: `${edition.id}.pdf`,
      edition: edition.id,
      label: edition.label,
      language: edition.lang,
      title: `${edition.label}: skill and trait cards`,
      specs: records.map((r) => skillCardSpec(r, null, context)),
    });
  }
  const inducements = bundle.inducements.filter(isCardInducement).sort((a, b) => compare(a.kind, b.kind) || compare(a.name, b.name));
  if (inducements.length) {
    const edition = inducements[0]!.edition;
    plans.push({
      file: 'inducements.pdf',
      edition,
      label: context.editionLabel.get(edition) ?? edition,
      language: 'en',
      title: 'Inducement cards: infamous coaching staff and wizards',
      specs: inducements.map((i) => inducementCardSpec(i, context)),
    });
  }
  return plans;
}

/** Every card of a plan, fitted; the errors of the texts too long for a chain. */
function fitPlan(plan: CardDocumentPlan, fonts: Fonts, options: CardsOptions, sheet: Sheet): { cards: FittedCard[]; diagnostics: Diagnostic[] } {
  const fitted = plan.specs.map((spec) => fitCard(spec, fonts, sheet.card));
  const diagnostics = fitted.flatMap((f) => (f.diagnostic ? [f.diagnostic] : []));
  const cards = fitted.flatMap((f) => f.cards);
  return { cards: options.textSize === 'uniform' ? uniformSizes(cards, sheet.slots.length, fonts, sheet.card) : cards, diagnostics };
}

/** What the PDF's Subject says about its sheet. */
function subjectOf(sheet: Sheet, options: CardsOptions, datasetVersion: string): string {
  const extras = [options.backs ? `with backs for ${options.duplex}-edge duplex` : null, options.ink === 'low' ? 'low ink' : null].filter(Boolean);
  return `Printable ${options.size}-size cards (${sheet.card.width} × ${sheet.card.height} mm; ${sheet.label}${extras.length ? `; ${extras.join(', ')}` : ''}) from the Nuffle Codex dataset ${datasetVersion}`;
}

/** Glyph check of every plan, then fit and draw each; no documents when a glyph is missing or a text is too long. */
export async function renderDocuments(
  plans: readonly CardDocumentPlan[],
  bundle: { meta: Pick<DataBundle['meta'], 'datasetVersion'> },
  options: CardsOptions,
  fonts: Fonts,
): Promise<CardsResult> {
  const glyphs = plans.flatMap((plan) => checkGlyphs(plan.specs.flatMap(usedTextOfSpec), fonts));
  if (glyphs.length) return { documents: [], diagnostics: glyphs };
  const sheet = sheetFor(options);
  const fits = plans.map((plan) => fitPlan(plan, fonts, options, sheet));
  const diagnostics = fits.flatMap((f) => f.diagnostics);
  if (diagnostics.length) return { documents: [], diagnostics };
  const documents: RenderedDocument[] = [];
  for (const [n, plan] of plans.entries()) {
    const { cards } = fits[n]!;
    const continued = [...new Set(cards.filter((c) => c.parts > 1).map((c) => c.spec.key))];
    const meta = {
      title: plan.title,
      subject: subjectOf(sheet, options, bundle.meta.datasetVersion),
      datasetVersion: bundle.meta.datasetVersion,
      creationDate: CARDS_EPOCH,
      lang: plan.language,
    };
    const { bytes, pages } = await drawDocument(cards, sheet, fonts, meta, options);
    documents.push({
      file: plan.file,
      edition: plan.edition,
      label: plan.label,
      language: plan.language,
      records: plan.specs.length,
      cards: cards.length,
      pages,
      continued,
      bytes,
    });
  }
  return { documents, diagnostics };
}

/** index.json: the print options, and each file with its edition, language, card and page counts. */
export function indexJson(documents: readonly RenderedDocument[], bundle: DataBundle, options: CardsOptions): string {
  const files = documents.map(({ bytes: _bytes, ...entry }) => entry);
  const { datasetVersion } = bundle.meta;
  return `${JSON.stringify({ datasetVersion, size: options.size, paper: options.paper, bleed: options.bleed, backs: options.backs, files }, null, 2)}\n`;
}
