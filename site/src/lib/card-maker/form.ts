/** The card page's form ↔ a DeckState (deck-state.ts): values only, never markup. */
import { DEFAULT_ROSTER_FILE, DEFAULT_STATE, SOURCES, type DeckState } from './deck-state.ts';
import { DUPLEX_VALUES, LAYOUT_VALUES, PAPER_VALUES, SIZE_VALUES } from '../../../../pipeline/emit/cards/options.ts';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const field = (form: HTMLFormElement, name: string): Field => form.elements.namedItem(name) as Field;
const checked = (form: HTMLFormElement, name: string): boolean => (field(form, name) as HTMLInputElement).checked;
const pick = <T extends string>(values: readonly T[], value: string, fallback: T): T => (values.includes(value as T) ? (value as T) : fallback);

export function readForm(form: HTMLFormElement): DeckState {
  const source = (form.querySelector('input[name="source"]:checked') as HTMLInputElement | null)?.value ?? 'roster';
  const edition = field(form, 'edition').value;
  const lang = field(form, 'lang').value;
  return {
    source: pick(SOURCES, source, 'roster'),
    roster: field(form, 'roster').value,
    rosterFile: form.dataset.rosterFile ?? DEFAULT_ROSTER_FILE,
    skills: field(form, 'skills').value,
    perPlayer: checked(form, 'perPlayer'),
    edition: edition || null,
    lang: lang === 'en' || lang === 'fr' ? lang : null,
    team: field(form, 'team').value,
    paper: pick(PAPER_VALUES, field(form, 'paper').value, DEFAULT_STATE.paper),
    layout: pick(LAYOUT_VALUES, field(form, 'layout').value, DEFAULT_STATE.layout),
    bleed: checked(form, 'bleed'),
    backs: checked(form, 'backs'),
    duplex: pick(DUPLEX_VALUES, field(form, 'duplex').value, DEFAULT_STATE.duplex),
    ink: checked(form, 'lowInk') ? 'low' : 'normal',
    size: pick(SIZE_VALUES, field(form, 'size').value, DEFAULT_STATE.size),
    textSize: checked(form, 'uniform') ? 'uniform' : 'fit',
  };
}

/** A state into the form (a link's): an edition the select does not list is left at "any". */
export function writeForm(form: HTMLFormElement, state: DeckState): void {
  for (const radio of form.querySelectorAll<HTMLInputElement>('input[name="source"]')) radio.checked = radio.value === state.source;
  field(form, 'roster').value = state.roster;
  form.dataset.rosterFile = state.rosterFile;
  field(form, 'skills').value = state.skills;
  (field(form, 'perPlayer') as HTMLInputElement).checked = state.perPlayer;
  field(form, 'edition').value = state.edition ?? '';
  field(form, 'lang').value = state.lang ?? '';
  field(form, 'team').value = state.team;
  field(form, 'paper').value = state.paper;
  field(form, 'layout').value = state.layout;
  (field(form, 'bleed') as HTMLInputElement).checked = state.bleed;
  (field(form, 'backs') as HTMLInputElement).checked = state.backs;
  field(form, 'duplex').value = state.duplex;
  (field(form, 'lowInk') as HTMLInputElement).checked = state.ink === 'low';
  field(form, 'size').value = state.size;
  (field(form, 'uniform') as HTMLInputElement).checked = state.textSize === 'uniform';
}
