/**
 * What the card selection says to a league organiser, in their words: one
 * table per language (the French one typed by the English one, so a message
 * missing in French fails the type check), for the CLI (advice names its
 * options: `--edition en-2020`) or the card page (advice names its menus, and
 * never a flag). No JSON Schema, no YAML library wording: a roster's problem
 * names the player by number from 1 and by name, and the key as written.
 * Pure strings; select.ts, roster.ts and plan-selection.ts build the
 * diagnostics.
 */
import type { DiagnosticLabels } from '../../model/diagnostic.ts';
import { nameKey } from '../../model/fold.ts';
import { ENUM_LABELS, editionNameIn } from '../../model/labels.ts';
import type { Category, Edition, Lang } from '../../model/schema-types.ts';

/** Who is spoken to: the language, and the page's menu names (null: the CLI, whose advice names its options). */
export interface Speaker {
  lang: Lang;
  menus: { edition: string; language: string } | null;
}

export const CLI_SPEAKER: Speaker = { lang: 'en', menus: null };

/** Where in a roster: a player (number from 1, name when it has one) and the key, or the roster itself. */
export interface Where {
  player: { number: number; name: string | null } | null;
  /** The key as the roster spells it (`skills`), or null for the player (or roster) as a whole. */
  key: string | null;
}

type EditionRef = Pick<Edition, 'id' | 'label' | 'lang'>;

/** A player's characteristics, cost and SPP, as roster keys. */
export type ProfileKey = 'ma' | 'st' | 'ag' | 'pa' | 'av' | 'cost' | 'spp';

const list = (items: readonly string[], and: string): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`;
const code = (text: string): string => `\`${text}\``;

const en = {
  /** How a message is framed (model/diagnostic.ts formatDiagnosticIn): the CLI's own words in English. */
  labels: { error: 'error', warning: 'warning', expected: 'expected: ', actual: 'actual:   ', note: 'note:     ' } as DiagnosticLabels,
  summary: (n: number) => `nuffle cards: ${n} error${n === 1 ? '' : 's'}; nothing was written`,
  quote: (text: string) => `"${text}"`,
  where(where: Where): string {
    const player = where.player ? `player ${where.player.number}${where.player.name ? ` (${where.player.name})` : ''}` : null;
    return [player, where.key === null ? null : code(`${where.key}:`)].filter(Boolean).join(', ') || 'the roster';
  },
  player: (p: { number: number; name: string }) => `player ${p.number}, ${p.name}`,
  /** A name quoted with its roster line: `"Dodge", line 4`. */
  at: (text: string, line: number | null) => (line === null ? `"${text}"` : `"${text}", line ${line}`),
  // Advice: the CLI's options, or the page's menus.
  chooseEdition(speaker: Speaker, editions: readonly EditionRef[]): string {
    if (!speaker.menus) return editions.map((e) => `--edition ${e.id}`).join(' or ');
    return `${list(
      editions.map((e) => editionNameIn(e, 'en')),
      'or',
    )} in the "${speaker.menus.edition}" menu`;
  },
  chooseLanguage: (speaker: Speaker, lang: Lang) =>
    speaker.menus ? `${ENUM_LABELS.en.languages[lang]} in the "${speaker.menus.language}" menu` : `--lang ${lang}`,
  /** What the organiser asked for: `edition en-2020, language fr`. */
  scope: (edition: string | null, lang: Lang | null) => [edition ? `edition ${edition}` : null, lang ? `language ${lang}` : null].filter(Boolean).join(', '),
  // Names.
  unknownName: (text: string, scope: string, suggestions: readonly string[]) =>
    `unknown skill or trait "${text}"${scope ? ` in ${scope}` : ''}; did you mean: ${suggestions.join(', ')}?`,
  anyName: 'names and ids of any edition or language are accepted: "Mighty Blow (+2)", "Châtaigne", "en-2020/block"',
  isInducement: (text: string, name: string, roster: boolean) =>
    `"${text}" is an inducement${nameKey(text) === nameKey(name) ? '' : ` (${name})`}, not a skill or trait: ${roster ? 'list it under `inducements:`, not under a player' : 'inducements go in a roster, under `inducements:`'}`,
  noWording: (concept: string, scope: string, none: { in: 'edition' | 'language'; category: Category } | null, editions: readonly string[]) =>
    `${concept} has no wording in ${scope}${none ? `: that ${none.in} has no ${ENUM_LABELS.en.categories[none.category]} skills` : ''} (${concept} is in ${editions.join(', ')})`,
  noWordingAdvice: (advice: readonly string[], scope: string) => [...advice, `a skill that ${scope} has`].join(', or '),
  ambiguous: (text: string, options: readonly string[]) => `"${text}" is ambiguous: ${options.join(', ')}`,
  ambiguousAdvice: (advice: string) => `choose with ${advice}, or write the id`,
  unexpectedParameter: (text: string, name: string, id: string) => `"${text}": ${name} (${id}) takes no parameter`,
  skipped: (count: number, max: number) => `${count} more ${count === 1 ? 'name was' : 'names were'} not checked: ${max} names had already failed`,
  skippedAdvice: 'correct the names above, then run again to check the rest',
  retiredId: (id: string, action: string, since: string, name: string, to: string) => `${id} was ${action} in ${since}: printing ${name} (${to})`,
  retiredIdAdvice: (to: string) => `${to} in the roster or the list, so it no longer depends on the migration`,
  retiredName: (name: string, display: string, id: string) => `"${name}" is a retired name: printing ${display} (${id})`,
  retiredNameAdvice: (display: string, id: string) => `${display} or ${id} in the roster or the list`,
  // Inducements.
  unknownInducement: (text: string, suggestions: readonly string[]) => `unknown inducement "${text}"; did you mean: ${suggestions.join(', ')}?`,
  isSkill: (text: string, name: string) =>
    `"${text}" is a skill or trait${nameKey(text) === nameKey(name) ? '' : ` (${name})`}, not an inducement: list it under a player's \`skills:\``,
  inducementCount: (name: string, count: number, max: number) => `${count} × ${name}: a team may have at most ${max}`,
  inducementCountAdvice: 'the card is printed; check the count in the roster',
  // Languages.
  mixedLanguages: (english: string, french: string) =>
    `this roster mixes English names (${english}) and French names (${french}), so the cards' language is not clear`,
  mixedAdvice: (speaker: Speaker, editions: { en: EditionRef | null; fr: EditionRef | null }) =>
    speaker.menus
      ? `choose the language in the "${speaker.menus.language}" menu, or write ${code(`edition: ${editions.en?.id ?? 'en-2020'}`)} (English) or ${code(`edition: ${editions.fr?.id ?? 'fr-legacy'}`)} (French) in the roster`
      : `add ${code(`edition: ${editions.en?.id ?? 'en-2020'}`)} (English) or ${code(`edition: ${editions.fr?.id ?? 'fr-legacy'}`)} (French) to the roster, or --lang en or --lang fr`,
  englishText: (n: number, editions: readonly string[], names: readonly string[]) =>
    `${n} ${n === 1 ? 'text is' : 'texts are'} printed in English (${list(editions, 'and')}), the French sources having no wording of ${n === 1 ? 'it' : 'them'} (or none that takes the value given): ${names.join(', ')}`,
  more: (n: number) => `${n} more`,
  englishTextNote: 'each card says so above its text; its name is in French where a reviewed French name exists',
  // The selection.
  emptyRoster: (players: number) =>
    `the roster's ${players} player${players === 1 ? '' : 's'} list no skills, traits or inducements, so there is no card to print`,
  emptyRosterAdvice: 'give each player a skills: list (skills: [Block, Dodge])',
  emptyFilter: (scope: string) => `no card is in ${scope || 'the selection'}`,
  emptyFilterAdvice: (speaker: Speaker): string =>
    speaker.menus
      ? 'choose an edition and a language that have cards together'
      : 'choose an edition and a language that have cards together (nuffle cards --help lists the editions)',
  unknownEdition: (value: string, ids: readonly string[]) => `unknown edition "${value}"; the editions with cards are ${ids.join(', ')}`,
  unknownEditionAdvice: (ids: readonly string[]) => `an edition id: ${ids.join(', ')}`,
  unknownEditionNote: (first: string) =>
    `write the id, as in "edition: ${first}", or leave the line out: the names then choose the language (English cards of Blood Bowl 2020 by default)`,
  // The roster's shape.
  notRoster: 'this is not a roster: a roster has `team:`, then `players:` with one `- name:` line per player',
  notList: (key: string) => `\`${key}:\` must be a list: one \`- name:\` line per player, each indented under it`,
  notPlayer: (where: string) => `${where} is not written as a player: start it with \`- name:\` and put its skills under it`,
  unknownKey: (where: string, key: string, ofPlayer: boolean, suggestion: string | null) =>
    `${where}: ${code(`${key}:`)} is not a key of ${ofPlayer ? 'a player' : 'a roster'}${suggestion ? `; did you mean ${code(`${suggestion}:`)}?` : ''}`,
  dashKey: (where: string, key: string) => `${where}: ${code(`${key}:`)} needs a space after its dash: ${code(`- ${key.slice(1)}:`)}`,
  keysOf: (keys: readonly string[], ofPlayer: boolean) => `the keys of ${ofPlayer ? 'a player' : 'a roster'}: ${keys.map((k) => code(`${k}:`)).join(', ')}`,
  missingName: (where: string) => `${where} has no \`name:\`; every player starts with \`- name:\``,
  blankName: (where: string) => `${where}: the name is blank`,
  noPlayers: '`players:` lists no player',
  tooLong: (where: string, limit: number) => `${where} is longer than ${limit} characters`,
  tooMany: (where: string, limit: number) => `${where} lists more than ${limit}`,
  notText: (where: string) => `${where} must be text`,
  namesShape: (where: string) => `${where} must be names in brackets, [Block, Dodge], or one line of names separated by commas`,
  otherShape: (where: string) => `${where} does not fit the roster format`,
  /** A characteristic, the cost or the SPP that is not written as a roster sheet writes it. */
  profileValue(where: string, key: ProfileKey): string {
    const what = {
      ma: 'a whole number from 0 to 20',
      st: 'a whole number from 0 to 20',
      ag: 'a roll such as 3+ (1+ to 12+), or a number as older editions write it',
      pa: 'a roll such as 4+ (1+ to 12+), or "-" in quotes, or nothing, for a player with no Passing Ability',
      av: 'a roll such as 9+ (1+ to 12+), or a number as older editions write it',
      cost: 'gold pieces, 85000 or 85k',
      spp: 'a whole number, 0 or more',
    }[key];
    return `${where} must be ${what}`;
  },
  rosterNote: (speaker: Speaker) =>
    `each player starts with \`- name:\`, with \`skills:\` under it; ${speaker.menus ? '"Paste an example" shows a whole roster' : 'docs/LEAGUES.md ("Write a roster") shows a whole one'}`,
  // YAML.
  missingColon: (key: string, written: string) => `no colon after ${code(key)}: write ${code(`${key}: ${written}`)}`,
  spaceAfterColon: (key: string, value: string) => `a colon needs a space after it: write ${code(`${key}: ${value}`)}`,
  tab: 'this line is indented with a tab: indent with spaces',
  badIndent: 'this line is not indented as the lines around it: line each key of a player up with its `name:`',
  duplicateKey: (key: string) => `${code(`${key}:`)} is written twice here; keep one`,
  unclosed: (open: string, close: string) => `this "${open}" is never closed: close it with "${close}" on the same line`,
  unreadable: (detail: string) => `the roster cannot be read (YAML: ${detail})`,
  unreadableAdvice: 'see the roster format, or "Paste an example"',
  moreYaml: (n: number) => `${n} more problem${n === 1 ? '' : 's'} after this one, most likely caused by it: fix this one first`,
};

export type SelectionWords = typeof en;

const fr: SelectionWords = {
  labels: { error: 'erreur', warning: 'avertissement', expected: 'attendu : ', actual: 'trouvé :  ', note: 'note :    ' },
  summary: (n) => `nuffle cards : ${n} erreur${n > 1 ? 's' : ''} ; rien n’a été écrit`,
  quote: (text) => `« ${text} »`,
  where(where) {
    const player = where.player ? `joueur ${where.player.number}${where.player.name ? ` (${where.player.name})` : ''}` : null;
    return [player, where.key === null ? null : code(`${where.key}:`)].filter(Boolean).join(', ') || 'la feuille d’équipe';
  },
  player: (p) => `joueur ${p.number}, ${p.name}`,
  at: (text, line) => (line === null ? `« ${text} »` : `« ${text} », ligne ${line}`),
  chooseEdition(speaker, editions) {
    if (!speaker.menus) return editions.map((e) => `--edition ${e.id}`).join(' ou ');
    return `${list(
      editions.map((e) => editionNameIn(e, 'fr')),
      'ou',
    )} dans le menu « ${speaker.menus.edition} »`;
  },
  chooseLanguage: (speaker, lang) => (speaker.menus ? `${ENUM_LABELS.fr.languages[lang]} dans le menu « ${speaker.menus.language} »` : `--lang ${lang}`),
  scope: (edition, lang) => [edition ? `l’édition ${edition}` : null, lang ? `en ${ENUM_LABELS.fr.languages[lang]}` : null].filter(Boolean).join(', '),
  unknownName: (text, scope, suggestions) =>
    `compétence ou trait inconnu « ${text} »${scope ? ` (${scope})` : ''} ; vouliez-vous dire : ${suggestions.join(', ')} ?`,
  anyName: 'les noms et identifiants de toute édition et de toute langue sont acceptés : « Châtaigne », « Mighty Blow (+2) », « en-2020/block »',
  isInducement: (text, name, roster) =>
    `« ${text} » est un coup de pouce${nameKey(text) === nameKey(name) ? '' : ` (${name})`}, pas une compétence : ${roster ? 'écrivez-le sous `inducements:`, pas sous un joueur' : 'les coups de pouce s’écrivent dans une feuille d’équipe, sous `inducements:`'}`,
  noWording: (concept, scope, none, editions) =>
    `${concept} n’a pas de texte dans ${scope}${none ? ` : ${none.in === 'edition' ? 'cette édition' : 'cette langue'} n’a aucune compétence ${ENUM_LABELS.fr.categories[none.category]}` : ''} (${concept} est dans ${editions.join(', ')})`,
  noWordingAdvice: (advice) => [...advice, 'une compétence qui s’y trouve'].join(', ou '),
  ambiguous: (text, options) => `« ${text} » est ambigu : ${options.join(', ')}`,
  ambiguousAdvice: (advice) => `choisissez avec ${advice}, ou écrivez l’identifiant`,
  unexpectedParameter: (text, name, id) => `« ${text} » : ${name} (${id}) ne prend pas de paramètre`,
  skipped: (count, max) =>
    `${count} autre${count > 1 ? 's noms n’ont' : ' nom n’a'} pas été vérifié${count > 1 ? 's' : ''} : ${max} noms étaient déjà en erreur`,
  skippedAdvice: 'corrigez les noms ci-dessus, puis vérifiez à nouveau le reste',
  retiredId: (id, action, since, name, to) => `${id} a été retiré (${action}, ${since}) : ${name} (${to}) est imprimé à sa place`,
  retiredIdAdvice: (to) => `${to} dans la feuille ou la liste, pour ne plus dépendre de cette migration`,
  retiredName: (name, display, id) => `« ${name} » est un nom retiré : ${display} (${id}) est imprimé à sa place`,
  retiredNameAdvice: (display, id) => `${display} ou ${id} dans la feuille ou la liste`,
  unknownInducement: (text, suggestions) => `coup de pouce inconnu « ${text} » ; vouliez-vous dire : ${suggestions.join(', ')} ?`,
  isSkill: (text, name) =>
    `« ${text} » est une compétence ou un trait${nameKey(text) === nameKey(name) ? '' : ` (${name})`}, pas un coup de pouce : écrivez-le sous le \`skills:\` d’un joueur`,
  inducementCount: (name, count, max) => `${count} × ${name} : une équipe en a au plus ${max}`,
  inducementCountAdvice: 'la carte est imprimée ; vérifiez le nombre dans la feuille d’équipe',
  mixedLanguages: (english, french) =>
    `cette feuille mêle des noms anglais (${english}) et des noms français (${french}) : la langue des cartes n’est pas claire`,
  mixedAdvice: (speaker, editions) =>
    speaker.menus
      ? `choisissez la langue dans le menu « ${speaker.menus.language} », ou écrivez ${code(`edition: ${editions.fr?.id ?? 'fr-legacy'}`)} (français) ou ${code(`edition: ${editions.en?.id ?? 'en-2020'}`)} (anglais) dans la feuille`
      : `ajoutez ${code(`edition: ${editions.fr?.id ?? 'fr-legacy'}`)} (français) ou ${code(`edition: ${editions.en?.id ?? 'en-2020'}`)} (anglais) à la feuille, ou --lang fr ou --lang en`,
  englishText: (n, editions, names) =>
    `${n} texte${n > 1 ? 's sont imprimés' : ' est imprimé'} en anglais (${list(editions, 'et')}), les sources françaises n’en ayant aucune version (ou aucune qui prenne la valeur donnée) : ${names.join(', ')}`,
  more: (n) => `${n} autres`,
  englishTextNote: 'chaque carte le dit au-dessus de son texte ; son nom est en français quand un nom français relu existe',
  emptyRoster: (players) =>
    `${players > 1 ? `les ${players} joueurs de la feuille n’ont` : 'le joueur de la feuille n’a'} ni compétence, ni trait, ni coup de pouce : il n’y a aucune carte à imprimer`,
  emptyRosterAdvice: 'donnez à chaque joueur une liste skills: (skills: [Blocage, Esquive])',
  emptyFilter: (scope) => `aucune carte dans ${scope || 'la sélection'}`,
  emptyFilterAdvice: (speaker) =>
    speaker.menus
      ? 'choisissez une édition et une langue qui ont des cartes ensemble'
      : 'choisissez une édition et une langue qui ont des cartes ensemble (nuffle cards --help liste les éditions)',
  unknownEdition: (value, ids) => `édition inconnue « ${value} » ; les éditions qui ont des cartes sont ${ids.join(', ')}`,
  unknownEditionAdvice: (ids) => `un identifiant d’édition : ${ids.join(', ')}`,
  unknownEditionNote: (first) =>
    `écrivez l’identifiant, comme dans « edition: ${first} », ou retirez la ligne : les noms choisissent alors la langue (cartes françaises de la liste française, ou anglaises de Blood Bowl 2020)`,
  notRoster: 'ce n’est pas une feuille d’équipe : une feuille a `team:`, puis `players:` avec une ligne `- name:` par joueur',
  notList: (key) => `\`${key}:\` doit être une liste : une ligne \`- name:\` par joueur, chacune en retrait sous lui`,
  notPlayer: (where) => `${where} n’est pas écrit comme un joueur : commencez-le par \`- name:\` et mettez ses compétences dessous`,
  unknownKey: (where, key, ofPlayer, suggestion) =>
    `${where} : ${code(`${key}:`)} n’est pas une clé ${ofPlayer ? 'de joueur' : 'de feuille d’équipe'}${suggestion ? ` ; vouliez-vous dire ${code(`${suggestion}:`)} ?` : ''}`,
  dashKey: (where, key) => `${where} : ${code(`${key}:`)} demande une espace après son tiret : ${code(`- ${key.slice(1)}:`)}`,
  keysOf: (keys, ofPlayer) => `les clés ${ofPlayer ? 'd’un joueur' : 'd’une feuille d’équipe'} : ${keys.map((k) => code(`${k}:`)).join(', ')}`,
  missingName: (where) => `${where} n’a pas de \`name:\` ; chaque joueur commence par \`- name:\``,
  blankName: (where) => `${where} : le nom est vide`,
  noPlayers: '`players:` ne contient aucun joueur',
  tooLong: (where, limit) => `${where} dépasse ${limit} caractères`,
  tooMany: (where, limit) => `${where} en contient plus de ${limit}`,
  notText: (where) => `${where} doit être du texte`,
  namesShape: (where) => `${where} doit être des noms entre crochets, [Blocage, Esquive], ou une ligne de noms séparés par des virgules`,
  otherShape: (where) => `${where} ne suit pas le format d’une feuille d’équipe`,
  profileValue(where, key) {
    const what = {
      ma: 'un nombre entier de 0 à 20',
      st: 'un nombre entier de 0 à 20',
      ag: 'un jet comme 3+ (de 1+ à 12+), ou un nombre comme l’écrivent les anciennes éditions',
      pa: 'un jet comme 4+ (de 1+ à 12+), ou "-" entre guillemets, ou rien, pour un joueur sans capacité de passe',
      av: 'un jet comme 9+ (de 1+ à 12+), ou un nombre comme l’écrivent les anciennes éditions',
      cost: 'des pièces d’or, 85000 ou 85k',
      spp: 'un nombre entier, 0 ou plus',
    }[key];
    return `${where} doit être ${what}`;
  },
  rosterNote: (speaker) =>
    `chaque joueur commence par \`- name:\`, avec \`skills:\` dessous ; ${speaker.menus ? '« Coller un exemple » montre une feuille entière' : 'docs/LEAGUES.md (« Write a roster ») en montre une entière'}`,
  missingColon: (key, written) => `il manque les deux-points après ${code(key)} : écrivez ${code(`${key}: ${written}`)}`,
  spaceAfterColon: (key, value) => `les deux-points demandent une espace après eux : écrivez ${code(`${key}: ${value}`)}`,
  tab: 'cette ligne est en retrait avec une tabulation : mettez des espaces',
  badIndent: 'cette ligne n’a pas le retrait des lignes voisines : alignez chaque clé d’un joueur sur son `name:`',
  duplicateKey: (key) => `${code(`${key}:`)} est écrit deux fois ici ; gardez-en un`,
  unclosed: (open, close) => `ce « ${open} » n’est jamais fermé : fermez-le par « ${close} » sur la même ligne`,
  unreadable: (detail) => `la feuille d’équipe ne peut pas être lue (YAML : ${detail})`,
  unreadableAdvice: 'voyez le format d’une feuille, ou « Coller un exemple »',
  moreYaml: (n) => `${n} autre${n > 1 ? 's problèmes' : ' problème'} après celui-ci, sans doute causé${n > 1 ? 's' : ''} par lui : corrigez d’abord celui-ci`,
};

const WORDS: Readonly<Record<Lang, SelectionWords>> = { en, fr };

export const wordsOf = (speaker: Speaker): SelectionWords => WORDS[speaker.lang];
