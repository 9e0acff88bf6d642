/**
 * The card page's words and messages on literal inputs: each link problem in
 * both locales, the counts in both grammars, the CLI's messages and summary
 * line (messages.ts), the page's check of a deck on a small literal dataset
 * (check.ts), the dataset files it fetches and the example roster.
 */
import { describe, expect, it } from 'vitest';
import { BUNDLE_FILES } from '../../pipeline/model/dataset.ts';
import { error, warning } from '../../pipeline/model/diagnostic.ts';
import { checkDeck } from '../../site/src/lib/card-maker/check.ts';
import { DATASET_FILES } from '../../site/src/lib/card-maker/dataset-files.ts';
import { DEFAULT_STATE, type DeckState, type LinkProblem } from '../../site/src/lib/card-maker/deck-state.ts';
import { messagesOf } from '../../site/src/lib/card-maker/messages.ts';
import decompress from '../../site/src/lib/card-maker/no-woff2.ts';
import { cardStrings } from '../../site/src/lib/card-maker/strings.ts';
import { cardBundle } from '../cards/literal.ts';

const deck = (fields: Partial<DeckState>): DeckState => ({ ...DEFAULT_STATE, ...fields });

describe('why a link cannot be read, in both locales', () => {
  it.each<[LinkProblem, string, string]>([
    [
      { kind: 'too-long', length: 9000, max: 8192 },
      'it is 9000 characters long; a deck link holds at most 8192.',
      'il fait 9000 caractères ; un lien de jeu de cartes en contient au plus 8192.',
    ],
    [
      { kind: 'version', found: '2', expected: '1' },
      'it was made by another version of this page (deck format “2”; this page reads “1”).',
      'il a été fait par une autre version de cette page (format « 2 » ; cette page lit « 1 »).',
    ],
    [{ kind: 'damaged' }, 'it is damaged (it does not decode); ask for it again.', 'il est abîmé (il ne se décode pas) ; demandez-le à nouveau.'],
    [{ kind: 'not-deck' }, 'it does not hold a deck.', 'il ne contient pas de jeu de cartes.'],
    [
      { kind: 'unknown-field', key: '__proto__' },
      'it has an unknown field "__proto__" this page does not take.',
      'il a un champ inconnu « __proto__ » que cette page ne prend pas.',
    ],
    [
      { kind: 'bad-value', key: 'paper' },
      'its field "paper" has a value this page does not take.',
      'son champ « paper » a une valeur que cette page ne prend pas.',
    ],
  ])('%j', (problem, en, fr) => {
    expect(cardStrings('en').linkProblems(problem)).toBe(en);
    expect(cardStrings('fr').linkProblems(problem)).toBe(fr);
  });
});

describe('counts and names in the page’s words', () => {
  it.each([
    [0, '0 cards on 0 pages.', '0 carte sur 0 page.'],
    [1, '1 card on 1 page.', '1 carte sur 1 page.'],
    [2, '2 cards on 2 pages.', '2 cartes sur 2 pages.'],
  ])('%i cards on as many pages', (n, en, fr) => {
    expect(cardStrings('en').ready(n, n)).toBe(en);
    expect(cardStrings('fr').ready(n, n)).toBe(fr);
  });

  it('counts cards and pages apart', () => {
    expect(cardStrings('en').ready(9, 1)).toBe('9 cards on 1 page.');
    expect(cardStrings('en').ready(1, 2)).toBe('1 card on 2 pages.');
    expect(cardStrings('fr').ready(9, 1)).toBe('9 cartes sur 1 page.');
    expect(cardStrings('fr').ready(1, 2)).toBe('1 carte sur 2 pages.');
  });

  it.each([
    [
      1,
      '1 card to print (more when a long text continues on a second card).',
      '1 carte à imprimer (davantage si un long texte continue sur une deuxième carte).',
    ],
    [
      3,
      '3 cards to print (more when a long text continues on a second card).',
      '3 cartes à imprimer (davantage si un long texte continue sur une deuxième carte).',
    ],
  ])('%i planned', (n, en, fr) => {
    expect(cardStrings('en').planned(n)).toBe(en);
    expect(cardStrings('fr').planned(n)).toBe(fr);
  });

  it('names the file read, the file too large and the line to go to', () => {
    expect(cardStrings('en').opened('orcs.yaml')).toBe('Read from orcs.yaml.');
    expect(cardStrings('fr').opened('orcs.yaml')).toBe('Lue dans orcs.yaml.');
    expect(cardStrings('en').fileTooLarge('big.yaml', 64)).toBe('big.yaml is larger than 64 KiB, the most a roster may be; the roster above is unchanged.');
    expect(cardStrings('fr').fileTooLarge('big.yaml', 64)).toBe(
      'big.yaml dépasse 64 Kio, la taille maximale d’une équipe ; l’équipe ci-dessus n’a pas changé.',
    );
    expect(cardStrings('en').goToLine(4)).toBe('Go to line 4');
    expect(cardStrings('fr').goToLine(4)).toBe('Aller à la ligne 4');
  });
});

describe('the messages as nuffle cards prints them', () => {
  const at = (line: number, column: number) => ({ line, column });
  const broken = error({ reason: 'no such skill', file: 'roster.yaml', place: at(4, 14), ruleId: 'cards/unknown-name', source: 'emit' });
  const aside = warning({ reason: 'a warning', file: 'roster.yaml', place: at(2, 1), ruleId: 'cards/note', source: 'emit' });
  const nowhere = warning({ reason: 'no place', file: 'roster.yaml', ruleId: 'cards/other', source: 'emit' });

  it('sorts them, formats them and keeps each one’s line and file', () => {
    expect(messagesOf([broken, aside, nowhere]).messages).toEqual([
      { text: 'roster.yaml warning no place [cards/other]', fatal: false, line: null, file: 'roster.yaml' },
      { text: 'roster.yaml:2:1 warning a warning [cards/note]', fatal: false, line: 2, file: 'roster.yaml' },
      { text: 'roster.yaml:4:14 error no such skill [cards/unknown-name]', fatal: true, line: 4, file: 'roster.yaml' },
    ]);
  });

  it('has no summary line without an error, and counts the errors (not the warnings) when one stops the run, as the CLI does', () => {
    expect(messagesOf([aside]).summary).toBeNull();
    expect(messagesOf([]).summary).toBeNull();
    expect(messagesOf([broken]).summary).toBe('nuffle cards: 1 error; nothing was written');
    expect(messagesOf([aside, broken, broken]).summary).toBe('nuffle cards: 2 errors; nothing was written');
    expect(messagesOf([aside, broken], 'fr').summary).toBe('nuffle cards : 1 erreur ; rien n’a été écrit');
  });
});

describe('the page’s check of a deck, on a literal dataset', () => {
  const data = cardBundle();

  it.each([
    ['an empty roster', deck({ roster: ' \n\t' })],
    ['no skill', deck({ source: 'skills', skills: ' , ' })],
  ])('has nothing to say about %s', (_what, state) => {
    expect(checkDeck(data, state)).toEqual({ plan: null, messages: [], summary: null, empty: true });
  });

  it('plans the skills chosen, with no message', () => {
    const checked = checkDeck(data, deck({ source: 'skills', skills: 'leap, sprint' }));
    expect(checked).toMatchObject({ messages: [], summary: null, empty: false });
    expect(checked.plan?.specs.map((s) => s.key)).toEqual(['en-2020/leap', 'en-2020/sprint']);
  });

  it('says what the command line says of a wrong option, and plans nothing', () => {
    expect(checkDeck(data, deck({ source: 'skills', skills: 'dodge', edition: 'en-1987' }))).toEqual({
      plan: null,
      messages: [{ text: expect.stringMatching(/^nuffle cards: unknown edition "en-1987"/), fatal: true, line: null, file: '' }],
      summary: null,
      empty: false,
    });
  });

  it('plans nothing when a roster has an error, and gives its message and the summary', () => {
    const checked = checkDeck(data, deck({ roster: 'team: Orcs\nplayers:\n  - name: Gork\n    skills: [leap, leapy]\n', rosterFile: 'orcs.yaml' }));
    expect(checked.plan).toBeNull();
    expect(checked.empty).toBe(false);
    expect(checked.messages).toEqual([expect.objectContaining({ fatal: true, line: 4, file: 'orcs.yaml' })]);
    expect(checked.summary).toBe('nuffle cards: 1 error; nothing was written');
  });

  it('plans a good roster', () => {
    const checked = checkDeck(data, deck({ roster: 'team: Orcs\nplayers:\n  - name: Gork\n    skills: [leap]\n' }));
    expect(checked.summary).toBeNull();
    expect(checked.plan?.specs.map((s) => s.key)).toEqual(['en-2020/leap']);
  });
});

describe('the files and texts the page loads', () => {
  it('fetches every dataset file minified, under the name the reader knows', () => {
    expect(DATASET_FILES.map((f) => f.file)).toEqual(Object.values(BUNDLE_FILES));
    for (const { file, served } of DATASET_FILES) expect(served).toBe(file.replace(/\.json$/, '.min.json'));
    expect(DATASET_FILES.every((f) => f.served.endsWith('.min.json') && !f.served.endsWith('.min.min.json'))).toBe(true);
  });

  it('stands for a WOFF2 decoder that says it is not there', () => {
    expect(() => decompress()).toThrow(/TTF fonts only/);
  });
});
