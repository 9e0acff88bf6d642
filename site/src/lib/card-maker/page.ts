/**
 * The card page in the browser: reads the form into a DeckState, checks it
 * with the CLI's own selection code as the organiser types (check.ts), keeps
 * the state in the link (deck-link.ts), and on "Make the PDF" starts the
 * worker (cards.worker.ts: pdfkit and the fonts load only then) and offers
 * the PDF as a download. Text from a roster, a link or the dataset only ever
 * reaches the page as a form value or as textContent.
 */
import { parseDataBundle, type DataBundle } from '../../../../pipeline/model/dataset.ts';
import type { Locale } from '../i18n.ts';
import { checkDeck, type Checked } from './check.ts';
import workerUrl from './cards.worker.ts?worker&url';
import { DATASET_FILES } from './dataset-files.ts';
import { decodeDeck, encodeDeck } from './deck-link.ts';
import { DEFAULT_ROSTER_FILE, MAX_ROSTER, cliLine, printOptions, type CliLine, type DeckState, type LinkProblem } from './deck-state.ts';
import { EXAMPLE_ROSTERS } from './example-roster.ts';
import { readForm, writeForm } from './form.ts';
import { fillSkillList, filterSkillList, toggleSkill } from './skill-list.ts';
import type { Message } from './messages.ts';
import { cardStrings, type CardStrings } from './strings.ts';
import type { MakeReply, MakeRequest } from './cards.worker.ts';
import type { Speaker } from '../../../../pipeline/emit/cards/words.ts';
import { fileName } from './file-name.ts';

interface Page {
  form: HTMLFormElement;
  locale: Locale;
  t: CardStrings;
  /** Who the selection's messages speak to: the page's language, and its menus where the CLI names its options. */
  speaker: Speaker;
  bundle: DataBundle;
  checked: Checked | null;
  worker: Worker | null;
  download: string | null;
  /** The state the offered PDF was made from: a change hides the PDF and its figures. */
  made: string | null;
  /** A PDF is being made: the button stays off until it is done (one request at a time). */
  making: boolean;
}

const byId = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

/** The dataset files the card code reads, minified, from this site's /data/. */
async function fetchDataset(base: string): Promise<Record<string, string | null>> {
  const texts: Record<string, string | null> = {};
  await Promise.all(
    DATASET_FILES.map(async ({ file, served }) => {
      const response = await fetch(`${base}${served}`);
      if (response.status === 404) texts[file] = null;
      else if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
      else texts[file] = await response.text();
    }),
  );
  return texts;
}

export async function startCardMaker(): Promise<void> {
  const form = byId<HTMLFormElement>('card-maker');
  if (!form) return;
  const locale: Locale = form.dataset.locale === 'fr' ? 'fr' : 'en';
  const t = cardStrings(locale);
  let texts: Record<string, string | null>;
  try {
    texts = await fetchDataset(form.dataset.data ?? '/data/');
  } catch {
    byId('status').textContent = t.loadFailed;
    return;
  }
  const page: Page = {
    form,
    locale,
    t,
    speaker: { lang: locale, menus: { edition: t.edition, language: t.language } },
    bundle: parseDataBundle((file) => texts[file] ?? null),
    checked: null,
    worker: null,
    download: null,
    made: null,
    making: false,
  };
  try {
    await applyLink(page);
  } catch {
    // A link the reader cannot take leaves the form as it was; the page still starts.
    showLinkProblem(page, { kind: 'damaged' });
  }
  wire(page);
  refresh(page);
  form.dataset.ready = 'true';
  keepOffline(form);
}

/**
 * The page, its scripts, the card worker, the faces and the dataset cached by
 * the service worker of each locale's page (offline-worker.ts), so either
 * page opens and makes PDFs without a network next time, whichever was
 * visited. Registered once the page is ready (the workers fetch them in the
 * background); not in `astro dev`, which has none.
 */
function keepOffline(form: HTMLFormElement): void {
  const scripts = (form.dataset.offline ?? '').split(' ').filter((s) => s !== '');
  if (!('serviceWorker' in navigator)) return;
  for (const script of scripts)
    navigator.serviceWorker.register(script, { scope: new URL('./', new URL(script, location.href)).pathname }).catch(() => undefined);
}

/**
 * The card worker, started from a `blob:` module that imports it: a worker
 * started at its own URL (/_astro/…) would be outside the service worker's
 * scope (the page's folder), while a blob worker is the page's, so its script
 * and the faces it fetches come from the cache when there is no network.
 */
function startWorker(): Worker {
  const source = `import ${JSON.stringify(new URL(workerUrl, location.href).href)};\n`;
  return new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })), { type: 'module' });
}

/** The deck a link carries, into the form; its problem shown when it cannot be read. */
async function applyLink(page: Page): Promise<void> {
  const decoded = await decodeDeck(location.hash);
  if (decoded && 'problem' in decoded) showLinkProblem(page, decoded.problem);
  else if (decoded) writeForm(page.form, decoded.state);
}

function showLinkProblem(page: Page, why: LinkProblem): void {
  const problem = byId('link-problem');
  problem.textContent = `${page.t.linkProblem} ${page.t.linkProblems(why)}`;
  problem.hidden = false;
}

function wire(page: Page): void {
  const { form } = page;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(() => refresh(page), 250);
  };
  form.addEventListener('input', (event) => {
    if ((event.target as HTMLElement).id === 'skill-search') return filterSkillList();
    if ((event.target as HTMLElement).id === 'roster-text') updateGutter();
    later();
  });
  form.addEventListener('change', (event) => {
    const target = event.target as HTMLInputElement;
    if (target.id === 'roster-file') return void readUpload(page, target);
    // Typed text was read on input; a change on leaving the field would redraw the messages under the pointer.
    if (target.type === 'text' || target.type === 'search' || target.tagName === 'TEXTAREA') return;
    if (target.closest('#skill-list')) toggleSkill(form, page.bundle, target);
    refresh(page);
  });
  form.addEventListener('submit', (event) => event.preventDefault());
  byId('roster-open').addEventListener('click', () => byId('roster-file').click());
  byId('roster-example').addEventListener('click', () => {
    byId<HTMLTextAreaElement>('roster-text').value = EXAMPLE_ROSTERS[page.locale];
    form.dataset.rosterFile = DEFAULT_ROSTER_FILE;
    byId('roster-file-name').textContent = '';
    refresh(page);
  });
  byId('make').addEventListener('click', () => void make(page));
  byId('share-copy').addEventListener('click', () => void copyLink(page));
  const text = byId<HTMLTextAreaElement>('roster-text');
  text.addEventListener('scroll', () => (byId('roster-gutter').scrollTop = text.scrollTop));
  // A phone's width wraps the roster's long lines: the numbers follow when the width changes.
  new ResizeObserver(() => updateGutter()).observe(text);
  text.addEventListener('paste', (event) => refuseLargeInsert(page, event, event.clipboardData?.getData('text/plain') ?? ''));
  text.addEventListener('drop', (event) => refuseLargeInsert(page, event, event.dataTransfer?.getData('text/plain') ?? ''));
}

/** UTF-8 bytes, as a file's size counts them. */
const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;

/**
 * A paste or drop that would make the roster larger than an uploaded file
 * may be is refused whole, with the upload's message: the roster stays as
 * it was (a 3 MB paste once froze the page, then wrote links the page refuses).
 */
function refuseLargeInsert(page: Page, event: Event, inserted: string): void {
  const text = byId<HTMLTextAreaElement>('roster-text');
  const replaced = text.value.slice(text.selectionStart, text.selectionEnd);
  if (utf8Bytes(text.value) - utf8Bytes(replaced) + utf8Bytes(inserted) <= MAX_ROSTER) return;
  event.preventDefault();
  byId('roster-file-name').textContent = page.t.fileTooLarge(page.t.pastedText, MAX_ROSTER / 1024);
}

/** A roster over the limit by any other way (typed, or put there by a script): nothing checked, made or linked until it is shortened. */
function refuseLargeRoster(page: Page, state: DeckState): boolean {
  if (state.source !== 'roster' || utf8Bytes(state.roster) <= MAX_ROSTER) return false;
  page.checked = null;
  showMessages(page, [], null);
  byId('status').textContent = page.t.rosterTooLarge(MAX_ROSTER / 1024);
  byId<HTMLButtonElement>('make').disabled = true;
  byId('download').hidden = true;
  byId('result').textContent = '';
  showCommand(page, { none: 'empty' });
  // No link is written for it, and a link still being made for an earlier state is dropped.
  linkTurn++;
  byId<HTMLInputElement>('share-link').value = '';
  return true;
}

/** An uploaded roster: its text into the editor, its name into the messages. */
async function readUpload(page: Page, input: HTMLInputElement): Promise<void> {
  const file = input.files?.[0];
  if (!file) return;
  input.value = '';
  const name = file.name.replace(/[/\\\u0000-\u001f]/g, '_').slice(0, 100) || DEFAULT_ROSTER_FILE;
  if (file.size > MAX_ROSTER) {
    // Nothing typed is lost: the editor keeps its roster, and the reader is told why the file was not read.
    byId('roster-file-name').textContent = page.t.fileTooLarge(name, MAX_ROSTER / 1024);
    return;
  }
  page.form.dataset.rosterFile = name;
  byId<HTMLTextAreaElement>('roster-text').value = await file.text();
  byId('roster-file-name').textContent = page.t.opened(name);
  refresh(page);
}

/** Line numbers beside the roster, as the messages count them; a line the box wraps (on a phone) keeps its number on its first row. */
function updateGutter(): void {
  const text = byId<HTMLTextAreaElement>('roster-text');
  const lines = text.value.split('\n');
  const rows = getComputedStyle(text).whiteSpace === 'pre' ? lines.map(() => 1) : wrappedRows(text, lines);
  byId('roster-gutter').textContent = lines.map((_, n) => `${n + 1}${'\n'.repeat(Math.max(0, rows[n]! - 1))}`).join('\n');
}

/** How many rows each line takes in the box as it wraps them: measured on a hidden copy of the same width and type, in one layout. */
function wrappedRows(text: HTMLTextAreaElement, lines: readonly string[]): number[] {
  const style = getComputedStyle(text);
  const mirror = document.createElement('div');
  mirror.setAttribute('aria-hidden', 'true');
  const width = text.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
  Object.assign(mirror.style, {
    position: 'absolute',
    visibility: 'hidden',
    insetInlineStart: '-10000px',
    width: `${width}px`,
    font: style.font,
    lineHeight: style.lineHeight,
    whiteSpace: 'pre-wrap',
    overflowWrap: style.overflowWrap,
    tabSize: style.tabSize,
  });
  for (const line of lines) {
    const row = document.createElement('div');
    row.textContent = line || ' ';
    mirror.append(row);
  }
  document.body.append(mirror);
  const height = Number.parseFloat(style.lineHeight) || 1;
  const rows = [...mirror.children].map((row) => Math.max(1, Math.round((row as HTMLElement).offsetHeight / height)));
  mirror.remove();
  return rows;
}

/** The form read again: panels, skill list, the CLI's messages, the link and the command. */
function refresh(page: Page): void {
  const state = readForm(page.form);
  byId('roster-panel').hidden = state.source !== 'roster';
  byId('skills-panel').hidden = state.source !== 'skills';
  byId<HTMLSelectElement>('duplex-select').disabled = !state.backs;
  updateGutter();
  if (refuseLargeRoster(page, state)) return;
  if (state.source === 'skills') fillSkillList(state, page.bundle, page.locale);
  page.checked = checkDeck(page.bundle, state, page.speaker);
  showMessages(page, page.checked.messages, page.checked.summary);
  const { empty, plan } = page.checked;
  byId('status').textContent = empty ? page.t.chooseSomething : plan ? page.t.planned(plan.specs.length) : page.t.fixFirst;
  byId<HTMLButtonElement>('make').disabled = !page.checked.plan || page.making;
  showCommand(page, cliLine(state));
  if (page.made !== JSON.stringify(state)) {
    byId('download').hidden = true;
    byId('result').textContent = '';
  }
  void updateLink(state);
}

/** The command line for the deck, with the file to save the roster as; or why none is shown. */
function showCommand(page: Page, line: CliLine): void {
  const command = 'command' in line ? line.command : '';
  byId('cli-intro').textContent = 'none' in line ? page.t.cliNone[line.none] : line.saveAs ? page.t.cliRoster(line.saveAs) : page.t.cli;
  // Each word kept on one line where it fits (a line never breaks inside `--team`); the text copied is the command, spaces and all.
  const words = command.match(/'[^']*'|"[^"]*"|\S+/g) ?? [];
  byId('cli-command').replaceChildren(
    ...words.flatMap((word, i) => {
      const span = document.createElement('span');
      span.className = 'card-maker-word';
      span.textContent = word;
      return i ? [' ', span] : [span];
    }),
  );
  byId('cli-block').hidden = command === '';
}

/** The latest form state's turn: an earlier state's link, still compressing, never replaces a later one. */
let linkTurn = 0;

async function updateLink(state: DeckState): Promise<void> {
  const turn = ++linkTurn;
  const fragment = await encodeDeck(state);
  if (turn !== linkTurn) return;
  const url = `${location.origin}${location.pathname}${fragment ? `#${fragment}` : ''}`;
  history.replaceState(null, '', url);
  byId<HTMLInputElement>('share-link').value = url;
}

/** The CLI's lines, each a button to its roster line when it has one. */
function showMessages(page: Page, messages: readonly Message[], summary: string | null): void {
  const list = byId('problems');
  const shown = JSON.stringify([messages, summary]);
  if (list.dataset.shown === shown) return;
  list.dataset.shown = shown;
  list.replaceChildren(
    ...messages.map((message) => {
      const item = document.createElement('li');
      item.className = message.fatal ? 'card-maker-error' : 'card-maker-warning';
      const text = document.createElement('pre');
      // The CLI's words, in the page's language (names from the roster and the rules as written).
      text.lang = page.locale;
      text.textContent = message.text;
      item.append(text);
      const rosterLine = message.line !== null && message.file === readForm(page.form).rosterFile ? message.line : null;
      if (rosterLine !== null) {
        const go = document.createElement('button');
        go.type = 'button';
        go.textContent = page.t.goToLine(rosterLine);
        go.addEventListener('click', () => goToLine(rosterLine));
        item.append(go);
      }
      return item;
    }),
  );
  byId('problems-intro').hidden = messages.length === 0;
  const line = byId('summary');
  line.textContent = summary ?? '';
  line.hidden = summary === null;
}

/** Select line `n` of the roster (1-based) and scroll it into view. */
function goToLine(n: number): void {
  const text = byId<HTMLTextAreaElement>('roster-text');
  const lines = text.value.split('\n');
  const start = lines.slice(0, n - 1).reduce((at, l) => at + l.length + 1, 0);
  text.focus();
  text.setSelectionRange(start, start + (lines[n - 1]?.length ?? 0));
  text.scrollTop = Math.max(0, (n - 3) * (text.scrollHeight / Math.max(1, lines.length)));
}

/** The PDF, made in the worker; the download offered (and started). */
async function make(page: Page): Promise<void> {
  const button = byId<HTMLButtonElement>('make');
  const result = byId('result');
  // The form as it is now (the check shown may be up to a debounce old): its plan is what the worker draws.
  const state = readForm(page.form);
  const { plan } = checkDeck(page.bundle, state, page.speaker);
  if (!plan || page.making) return refresh(page);
  page.making = true;
  button.disabled = true;
  result.textContent = page.t.making;
  page.worker ??= startWorker();
  const request: MakeRequest = { plan, options: printOptions(state), datasetVersion: page.bundle.meta.datasetVersion, lang: page.locale };
  const reply = await new Promise<MakeReply>((resolve) => {
    page.worker!.onmessage = (event: MessageEvent<MakeReply>) => resolve(event.data);
    page.worker!.onerror = (event) =>
      resolve({ ok: false, messages: [{ text: event.message || 'the card worker failed', fatal: true, line: null, file: '' }], summary: null });
    page.worker!.postMessage(request);
  });
  page.making = false;
  button.disabled = false;
  if (!reply.ok) {
    result.textContent = '';
    showMessages(page, reply.messages, reply.summary);
    return;
  }
  // A PDF of a deck the form no longer shows is never offered as the current one.
  if (JSON.stringify(readForm(page.form)) !== JSON.stringify(state)) {
    refresh(page);
    result.textContent = page.t.changedWhileMaking;
    return;
  }
  page.made = JSON.stringify(state);
  offerDownload(page, reply.bytes, fileName(plan, page.t));
  result.textContent = page.t.ready(reply.cards, reply.pages);
}

function offerDownload(page: Page, bytes: Uint8Array, name: string): void {
  if (page.download) URL.revokeObjectURL(page.download);
  page.download = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  const link = byId<HTMLAnchorElement>('download');
  link.href = page.download;
  link.download = name;
  link.hidden = false;
  link.click();
}

async function copyLink(page: Page): Promise<void> {
  const field = byId<HTMLInputElement>('share-link');
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
    byId('result').textContent = page.t.copied;
  } catch {
    // The field stays selected: the organiser copies it by hand.
  }
}
