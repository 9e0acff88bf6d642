/**
 * The searchable list of skills to tick: the records of the chosen edition
 * and language. Ticking writes the record's name into the skills field (its
 * id when the name alone would not select it), and a box is ticked when the
 * field selects its record: both through the CLI's own resolver (select.ts).
 */
import type { DataBundle } from '../../../../pipeline/model/dataset.ts';
import { nameKey } from '../../../../pipeline/model/fold.ts';
import { compare } from '../../../../pipeline/model/order.ts';
import { deckFilter } from '../../../../pipeline/emit/cards/plan-selection.ts';
import { createResolver, parseSkillList, parseWanted, type Resolver } from '../../../../pipeline/emit/cards/select.ts';
import { editionLang, editionName, type Locale } from '../i18n.ts';
import type { DeckState } from './deck-state.ts';

let shown = '';

const list = (): HTMLUListElement => document.getElementById('skill-list') as HTMLUListElement;
/** The CLI's resolver for a list of names with the edition and language chosen (with neither, the names choose, as `nuffle cards --skills` reads them). */
function resolverOf(bundle: DataBundle, state: Pick<DeckState, 'edition' | 'lang' | 'skills'>): Resolver {
  const chosen = deckFilter(bundle, { edition: state.edition, lang: state.lang }, parseSkillList(state.skills), undefined, false);
  return createResolver(bundle, 'filter' in chosen ? chosen.filter : { edition: state.edition, lang: state.lang });
}

/** The ids the skills field selects. */
function selectedIds(state: DeckState, resolver: Resolver): Set<string> {
  return new Set(parseSkillList(state.skills).flatMap((wanted) => resolver.lookup(wanted).map((r) => r.id)));
}

/** The list for the state's edition and language (built again only when they change), its boxes ticked as the field says; edition names in the page's language. */
export function fillSkillList(state: DeckState, bundle: DataBundle, locale: Locale): void {
  const key = `${state.edition}\u0000${state.lang}`;
  if (key !== shown) {
    shown = key;
    const editions = new Map(bundle.editions.map((e) => [e.id, e]));
    const records = bundle.skills
      .filter((r) => (state.edition === null || r.edition === state.edition) && (state.lang === null || r.lang === state.lang))
      .sort((a, b) => compare(nameKey(a.name), nameKey(b.name)) || compare(a.edition, b.edition));
    list().replaceChildren(
      ...records.map((record) => {
        const item = document.createElement('li');
        item.dataset.key = nameKey(record.name);
        const label = document.createElement('label');
        const box = document.createElement('input');
        box.type = 'checkbox';
        box.value = record.id;
        const name = document.createElement('span');
        name.lang = record.lang;
        name.textContent = record.name;
        const edition = document.createElement('small');
        const known = editions.get(record.edition);
        edition.textContent = known ? editionName(known, locale) : record.edition;
        if (known) edition.lang = editionLang(known, locale);
        label.append(box, ' ', name, ' ', edition);
        item.append(label);
        return item;
      }),
    );
    filterSkillList();
  }
  const ids = selectedIds(state, resolverOf(bundle, state));
  for (const box of list().querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) box.checked = ids.has(box.value);
}

/** Only the skills whose name holds the search (folded as the resolver folds names). */
export function filterSkillList(): void {
  const search = nameKey((document.getElementById('skill-search') as HTMLInputElement).value);
  let visible = 0;
  for (const item of list().children as HTMLCollectionOf<HTMLLIElement>) {
    item.hidden = search !== '' && !(item.dataset.key ?? '').includes(search);
    if (!item.hidden) visible++;
  }
  (document.getElementById('skill-none') as HTMLElement).hidden = visible > 0;
}

/** A box ticked or unticked: the skills field gains the record's name (or id), or loses every entry that selects it. */
export function toggleSkill(form: HTMLFormElement, bundle: DataBundle, box: HTMLInputElement): void {
  const field = form.elements.namedItem('skills') as HTMLInputElement;
  const edition = (form.elements.namedItem('edition') as HTMLSelectElement).value || null;
  const lang = (form.elements.namedItem('lang') as HTMLSelectElement).value;
  const resolver = resolverOf(bundle, { edition, lang: lang === 'en' || lang === 'fr' ? lang : null, skills: field.value });
  const entries = parseSkillList(field.value);
  const record = bundle.skills.find((r) => r.id === box.value);
  if (!record) return;
  let kept = entries.filter((wanted) => !resolver.lookup(wanted).some((r) => r.id === record.id)).map((w) => w.text);
  if (box.checked) {
    const byName = resolver.lookup(parseWanted(record.name, '--skills', null));
    kept = [...kept, byName.length === 1 && byName[0]!.id === record.id ? record.name : record.id];
  }
  field.value = kept.join(', ');
}
