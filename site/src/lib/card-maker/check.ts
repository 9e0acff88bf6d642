/**
 * What `nuffle cards` would print for a deck, before anything is drawn: the
 * selection planned by the CLI's own planSelection, its diagnostics in the
 * CLI's order and format (worded in the page's language, naming the page's
 * menus where the CLI names its options), and the CLI's summary line. Pure; the page runs it
 * as the organiser types, and once more on "Make the PDF": the worker draws
 * the plan it gives.
 */
import type { DataBundle } from '../../../../pipeline/model/dataset.ts';
import type { CardDocumentPlan } from '../../../../pipeline/emit/cards/emit-cards.ts';
import { planSelection } from '../../../../pipeline/emit/cards/plan-selection.ts';
import { parseSkillList } from '../../../../pipeline/emit/cards/select.ts';
import { CLI_SPEAKER, type Speaker } from '../../../../pipeline/emit/cards/words.ts';
import { createRosterValidator } from '../../../../pipeline/validate/roster-validator.ts';
import { selectionInput, type DeckState } from './deck-state.ts';
import { messagesOf, type Message } from './messages.ts';

export interface Checked {
  /** The plan to draw; null when an error stops the deck (or nothing is chosen yet). */
  plan: CardDocumentPlan | null;
  messages: Message[];
  /** The CLI's last line after errors (`nuffle cards: 2 errors; nothing was written`); null when there are none. */
  summary: string | null;
  /** Nothing chosen yet: no roster, no skill. */
  empty: boolean;
}

const validator = createRosterValidator();

/** The deck checked as `nuffle cards` would, its messages worded for `speaker` (the page: its language and its menus, never a flag). */
export function checkDeck(bundle: DataBundle, state: DeckState, speaker: Speaker = CLI_SPEAKER): Checked {
  const input = selectionInput(state);
  const empty = input.roster ? input.roster.text.trim() === '' : parseSkillList(input.skills ?? '').length === 0;
  if (empty) return { plan: null, messages: [], summary: null, empty: true };
  const planned = planSelection(bundle, input, validator, speaker);
  if ('usage' in planned) {
    const text = `nuffle cards: ${planned.usage}`;
    return { plan: null, messages: [{ text, fatal: true, line: null, file: '' }], summary: null, empty: false };
  }
  const { messages, summary } = messagesOf(planned.diagnostics, speaker.lang);
  return { plan: summary === null ? planned.plan : null, messages, summary, empty: false };
}
