/**
 * The search panel (issue 36), in place of Pagefind's default UI: the same
 * markup classes (so Pagefind's and Starlight's result styles apply), drawn
 * from Pagefind's own search API (`/pagefind/pagefind.js`), so that the panel
 * decides the order and the shape:
 *  - the name resolver's concept first (site/src/lib/search-rank.ts): a
 *    query that names it exactly ("Best match"), or a typo Pagefind finds no
 *    concept for ("Did you mean"), in both locales; `/search-names.json` is
 *    fetched the first time a reader types;
 *  - one line per page; a page's sections (Pagefind's sub-results) open on
 *    demand, under a button that says how many;
 *  - every text from the index is set as text (`textContent`), an excerpt as
 *    text and `<mark>` runs (search-rank.ts `excerptParts`).
 */
import type { strings } from './i18n.ts';
import {
  conceptOfPath,
  excerptParts,
  indexSearchNames,
  leadOf,
  orderResults,
  resolveQuery,
  type Lead,
  type NameLookup,
  type SearchNames,
} from './search-rank.ts';

interface SubResult {
  title: string;
  url: string;
  excerpt: string;
}
interface PageData {
  url: string;
  meta: { title?: string };
  excerpt: string;
  sub_results: SubResult[];
}
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  debouncedSearch(term: string, options?: Record<string, unknown>, timeout?: number): Promise<{ results: { data(): Promise<PageData> }[] } | null>;
}

/** The panel's words (site/src/lib/i18n.ts `searchPanel`, and the placeholder). */
type PanelWords = ReturnType<typeof strings>['searchPanel'] & { placeholder: string };

export interface PanelOptions {
  element: HTMLElement;
  bundlePath: string;
  baseUrl: string;
  namesUrl: string;
  locale: 'en' | 'fr';
  words: PanelWords;
  formatURL: (url: string) => string;
}

type Lookup = NameLookup & Pick<SearchNames, 'concepts'>;

/** How many pages are drawn at once (and by each "load more"). */
const PAGE_SIZE = 10;

const make = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] => {
  const element = document.createElement(tag);
  element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
};

const fill = (template: string, term: string, count = 0): string => template.replace('[SEARCH_TERM]', term).replace('[COUNT]', String(count));

function excerptOf(html: string): HTMLParagraphElement {
  const p = make('p', 'pagefind-ui__result-excerpt');
  for (const part of excerptParts(html)) p.append(part.mark ? make('mark', '', part.text) : document.createTextNode(part.text));
  return p;
}

/** A link row: the page (or section) title, linked. */
function titleOf(title: string, url: string): HTMLParagraphElement {
  const p = make('p', 'pagefind-ui__result-title');
  const a = make('a', 'pagefind-ui__result-link', title);
  a.href = url;
  p.append(a);
  return p;
}

let rowIds = 0;

/** One page: its title on one line (with the lead's label), its sections behind a button. */
function pageRow(page: { title: string; url: string; excerpt: string | null; subs: SubResult[] }, lead: Lead | null, words: PanelWords): HTMLLIElement {
  const li = make('li', 'pagefind-ui__result');
  const inner = make('div', 'pagefind-ui__result-inner');
  const title = titleOf(page.title, page.url);
  if (lead) {
    li.dataset.lead = lead.kind;
    // "Did you mean" reads before the name it offers; "Best match" after the name it marks.
    const label = make('span', 'search-lead', lead.kind === 'best' ? words.best : words.mean);
    if (lead.kind === 'best') title.append(label);
    else title.prepend(label);
  }
  inner.append(title);
  if (page.excerpt) inner.append(Object.assign(excerptOf(page.excerpt), { className: 'pagefind-ui__result-excerpt search-page-excerpt' }));
  if (page.subs.length > 0) {
    const id = `search-sections-${++rowIds}`;
    const toggle = make('button', 'search-sections-toggle', page.subs.length === 1 ? words.section : fill(words.sections, '', page.subs.length));
    toggle.type = 'button';
    toggle.setAttribute('aria-expanded', 'false');
    toggle.setAttribute('aria-controls', id);
    const list = make('div', 'search-sections');
    list.id = id;
    list.hidden = true;
    for (const sub of page.subs) {
      const nested = make('div', 'pagefind-ui__result-nested');
      nested.append(titleOf(sub.title, sub.url), excerptOf(sub.excerpt));
      list.append(nested);
    }
    toggle.addEventListener('click', () => {
      list.hidden = !list.hidden;
      toggle.setAttribute('aria-expanded', String(!list.hidden));
    });
    title.append(toggle);
    inner.append(list);
  }
  li.append(inner);
  return li;
}

/** A Pagefind page as a row: its sections are the sub-results that are not the page itself (its URL, or its top under its title). */
function fromData(data: PageData, formatURL: (url: string) => string) {
  const url = formatURL(data.url);
  const title = data.meta.title ?? url;
  const subs = data.sub_results.filter((s) => formatURL(s.url) !== url && s.title !== title).map((s) => ({ ...s, url: formatURL(s.url) }));
  return { title, url, excerpt: data.excerpt, subs };
}

/** The panel's elements: the form (input, clear), and the drawer with its message, list and "load more". */
function buildPanel(element: HTMLElement, words: PanelWords) {
  const form = make('form', 'pagefind-ui__form');
  form.setAttribute('role', 'search');
  form.addEventListener('submit', (e) => e.preventDefault());
  const input = make('input', 'pagefind-ui__search-input');
  Object.assign(input, { type: 'text', placeholder: words.placeholder, autocomplete: 'off', autocapitalize: 'none', enterKeyHint: 'search' });
  input.setAttribute('aria-label', words.placeholder);
  const clear = make('button', 'pagefind-ui__search-clear', words.clear);
  clear.type = 'button';
  const drawer = make('div', 'pagefind-ui__drawer');
  const message = make('p', 'pagefind-ui__message');
  message.setAttribute('role', 'status');
  const list = make('ol', 'pagefind-ui__results');
  const more = make('button', 'pagefind-ui__button', words.loadMore);
  more.type = 'button';
  const area = make('div', 'pagefind-ui__results-area');
  area.append(message, list, more);
  drawer.append(area);
  form.append(input, clear, drawer);
  const root = make('div', 'pagefind-ui');
  root.append(form);
  element.replaceChildren(root);
  drawer.hidden = true;
  clear.hidden = true;
  return { input, clear, drawer, message, list, more };
}

/** The rows of one answer: Pagefind's pages in the panel's order, the resolver's concept first (its own row when Pagefind lacks its page). */
function answerRows(term: string, pages: readonly PageData[], index: Lookup | null, options: PanelOptions): HTMLLIElement[] {
  const rows = pages.map((page) => fromData(page, options.formatURL));
  const concepts = rows.map((row) => conceptOfPath(new URL(row.url, location.href).pathname));
  const lead = index ? leadOf(resolveQuery(index, term), concepts) : null;
  const items = orderResults(rows, lead).map((row, i) => pageRow(row, i === 0 && lead !== null && lead.at !== null ? lead : null, options.words));
  if (lead && lead.at === null && index) {
    const [en, fr] = index.concepts[lead.concept] ?? [lead.concept, null];
    const url = options.formatURL(`${options.baseUrl.replace(/\/$/, '')}${options.locale === 'fr' ? '/fr' : ''}/concepts/${lead.concept}/`);
    items.unshift(pageRow({ title: options.locale === 'fr' && fr ? fr : en, url, excerpt: null, subs: [] }, lead, options.words));
  }
  return items;
}

/** Build the panel into `options.element`; returns when Pagefind is loaded. */
export async function mountSearchPanel(options: PanelOptions): Promise<void> {
  const { words } = options;
  const pagefind = (await import(/* @vite-ignore */ `${options.bundlePath}pagefind.js`)) as Pagefind;
  await pagefind.options({ baseUrl: options.baseUrl });
  let names: Promise<Lookup | null> | undefined;
  const lookup = (): Promise<Lookup | null> =>
    (names ??= fetch(options.namesUrl)
      .then((r) => r.json() as Promise<SearchNames>)
      .then((n) => ({ ...indexSearchNames(n), concepts: n.concepts }))
      .catch(() => {
        names = undefined;
        return null;
      }));
  const { input, clear, drawer, message, list, more } = buildPanel(options.element, words);

  let generation = 0;
  let pending: { data(): Promise<PageData> }[] = [];
  const showMore = async (current: number): Promise<void> => {
    const batch = pending.splice(0, PAGE_SIZE);
    const pages = await Promise.all(batch.map((r) => r.data()));
    if (current !== generation) return;
    for (const page of pages) list.append(pageRow(fromData(page, options.formatURL), null, words));
    more.hidden = pending.length === 0;
  };
  const run = async (): Promise<void> => {
    const current = ++generation;
    const term = input.value.trim();
    clear.hidden = term === '';
    drawer.hidden = term === '';
    delete drawer.dataset.term;
    if (term === '') return list.replaceChildren();
    message.textContent = fill(words.searching, term);
    const [search, index] = await Promise.all([pagefind.debouncedSearch(term, {}, 150), lookup()]);
    if (search === null || current !== generation) return;
    const first = await Promise.all(search.results.slice(0, PAGE_SIZE).map((r) => r.data()));
    if (current !== generation) return;
    pending = search.results.slice(PAGE_SIZE);
    const count = search.results.length;
    message.textContent = fill(count === 0 ? words.zero : count === 1 ? words.one : words.many, term, count);
    list.replaceChildren(...answerRows(term, first, index, options));
    more.hidden = pending.length === 0;
    // The answer to this term is drawn (what the browser tests wait for).
    drawer.dataset.term = term;
  };
  input.addEventListener('input', () => void run());
  clear.addEventListener('click', () => {
    input.value = '';
    input.focus();
    void run();
  });
  more.addEventListener('click', () => void showMore(generation));
}
