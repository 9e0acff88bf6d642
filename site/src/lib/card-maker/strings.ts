/** The card page's words, in both locales (the French table spells out every key, so a missing one fails the type check). */
import type { Locale } from '../i18n.ts';
import type { LinkProblem } from './deck-state.ts';

const en = {
  title: 'Print cards',
  description: 'Make a PDF of skill cards for your team: paste a roster or tick skills, choose the paper and print.',
  intro:
    'Paste your team’s roster (or open its file), or tick the skills you want, choose the paper and the options, and download a PDF of cards (poker size, 63 × 88 mm, or bridge, mini or tarot) to print at 100 % and cut on the crop marks. Everything happens in this browser: nothing you type leaves it. Once this page has loaded, it works without a network too (at the league’s venue, say).',
  what: 'What to print',
  fromRoster: 'A roster',
  fromSkills: 'Skills I tick',
  roster: 'Roster (YAML or JSON)',
  rosterHelp:
    'One card per skill, naming the players who have it, and one per inducement (inducements: [2 Bribes, Wandering Apothecaries]). Names in English print English cards, names in French French ones.',
  upload: 'Open a roster file…',
  opened: (name: string) => `Read from ${name}.`,
  example: 'Paste an example',
  perPlayer: 'One card per player (the player’s name and every skill’s text)',
  skills: 'Skills (names or ids, comma-separated)',
  search: 'Find a skill',
  searchHelp: 'Tick a skill to add it; its name is written in the list above.',
  noMatch: 'No skill of this edition and language has that name.',
  options: 'Options',
  edition: 'Edition',
  anyEdition: 'Any (or the roster’s)',
  language: 'Language of the cards',
  anyLanguage: 'Any',
  languages: { en: 'English', fr: 'French' } as Record<'en' | 'fr', string>,
  team: 'Team name (on every card’s footer and back)',
  size: 'Card size',
  sizes: {
    poker: 'Poker, 63 × 88 mm',
    bridge: 'Bridge, 57 × 89 mm',
    mini: 'Mini, 44 × 63 mm',
    tarot: 'Tarot, 70 × 120 mm',
  } as Record<'poker' | 'bridge' | 'mini' | 'tarot', string>,
  paper: 'Paper',
  papers: { a4: 'A4', letter: 'US Letter' } as Record<'a4' | 'letter', string>,
  layout: 'Layout',
  layouts: { sheet: 'As many cards a page as fit, with crop marks', single: 'One card a page, with bleed (print-on-demand)' } as Record<
    'sheet' | 'single',
    string
  >,
  bleed: 'Bleed: 3 mm round every card, for a print shop',
  backs: 'Backs: a back page after each front page',
  duplex: 'The printer turns the paper on its',
  duplexes: { long: 'long edge', short: 'short edge' } as Record<'long' | 'short', string>,
  lowInk: 'Low ink: white name bands and plain backs',
  uniform: 'One text size for every card of a page',
  problems: 'Your deck',
  messagesIntro: 'What the command line (nuffle cards) says about it: correct the roster at the line each message names.',
  /** The download's name, after the team's slug when there is one: `reikland-reavers-cards.pdf`. */
  pdfName: (slug: string) => (slug ? `${slug}-cards.pdf` : 'cards.pdf'),
  codesHelp:
    'A card’s top corner may read “BB 1-3·1 · DB 1-3·1”: where the skill sits on the random skill tables, BB for Blood Bowl and DB for Dungeon Bowl, then the first D6 (1-3 or 4-6) and the second (1 to 6).',
  make: 'Make the PDF',
  making: 'Making the PDF…',
  changedWhileMaking: 'The deck changed while its PDF was being made: make it again.',
  fileTooLarge: (name: string, kib: number) => `${name} is larger than ${kib} KiB, the most a roster may be; the roster above is unchanged.`,
  pastedText: 'The pasted text',
  rosterTooLarge: (kib: number) => `This roster is larger than ${kib} KiB, the most a roster may be: shorten it to make its cards or its link.`,
  loading: 'Loading the rules…',
  loadFailed: 'The rules could not be loaded; reload the page.',
  ready: (cards: number, pages: number) => `${cards} card${cards === 1 ? '' : 's'} on ${pages} page${pages === 1 ? '' : 's'}.`,
  download: 'Download the PDF',
  planned: (records: number) => `${records} card${records === 1 ? '' : 's'} to print (more when a long text continues on a second card).`,
  chooseSomething: 'Paste a roster or tick a skill to begin.',
  fixFirst: 'Nothing can be printed yet: correct what the messages below name, then make the PDF.',
  goToLine: (line: number) => `Go to line ${line}`,
  share: 'Share this deck',
  shareHelp: 'This link holds the roster and the options: send it to every coach of the league.',
  copy: 'Copy the link',
  copied: 'Copied.',
  cli: 'The same with the command line, in the project’s folder (after npm ci && npm run build there once):',
  cliRoster: (file: string) =>
    `The same with the command line, in the project’s folder (after npm ci && npm run build there once): save the roster there as ${file}, then run:`,
  cliNone: {
    empty: 'The same with the command line: choose a skill first.',
    skills:
      'No command line is shown for these skills: they hold a character that the shells read differently (a backslash, a line break, a double quote, or a single quote with $, ` or !). Type the skills’ names or ids without it.',
    team: 'No command line is shown for this team name: it holds a character that the shells read differently (a backslash, a line break, a double quote, or a single quote with $, ` or !). Without it, or written in a roster’s team: line, the command is shown.',
  } as Record<'empty' | 'skills' | 'team', string>,
  linkProblem: 'This link could not be read:',
  linkProblems: (p: LinkProblem): string => {
    if (p.kind === 'too-long') return `it is ${p.length} characters long; a deck link holds at most ${p.max}.`;
    if (p.kind === 'version') return `it was made by another version of this page (deck format “${p.found}”; this page reads “${p.expected}”).`;
    if (p.kind === 'damaged') return 'it is damaged (it does not decode); ask for it again.';
    if (p.kind === 'not-deck') return 'it does not hold a deck.';
    if (p.kind === 'unknown-field') return `it has an unknown field "${p.key}" this page does not take.`;
    return `its field "${p.key}" has a value this page does not take.`;
  },
  printHelp: 'Print at 100 % (“actual size”), not “fit to page”. With backs, print both sides, turning on the edge chosen above.',
};

const fr: typeof en = {
  title: 'Imprimer des cartes',
  description:
    'Faites un PDF de cartes de compétences pour votre équipe : collez une feuille d’équipe ou cochez des compétences, choisissez le papier et imprimez.',
  intro:
    'Collez la feuille de votre équipe (ou ouvrez son fichier), ou cochez les compétences voulues, choisissez le papier et les options, puis téléchargez un PDF de cartes (format poker, 63 × 88 mm, ou bridge, mini ou tarot) à imprimer à 100 % et à découper sur les traits de coupe. Tout se passe dans ce navigateur : rien de ce que vous tapez n’en sort. Une fois cette page chargée, elle marche aussi sans réseau (sur le lieu du tournoi, par exemple).',
  what: 'Quoi imprimer',
  fromRoster: 'Une feuille d’équipe',
  fromSkills: 'Des compétences cochées',
  roster: 'Feuille d’équipe (YAML ou JSON)',
  rosterHelp:
    'Une carte par compétence, avec les joueurs qui l’ont, et une par coup de pouce (inducements: [2 Bribes, Wandering Apothecaries]). Des noms en français donnent des cartes en français, des noms en anglais des cartes en anglais.',
  upload: 'Ouvrir un fichier d’équipe…',
  opened: (name) => `Lue dans ${name}.`,
  example: 'Coller un exemple',
  perPlayer: 'Une carte par joueur (son nom et le texte de chaque compétence)',
  skills: 'Compétences (noms ou identifiants, séparés par des virgules)',
  search: 'Chercher une compétence',
  searchHelp: 'Cochez une compétence pour l’ajouter ; son nom s’écrit dans la liste ci-dessus.',
  noMatch: 'Aucune compétence de cette édition et de cette langue ne porte ce nom.',
  options: 'Options',
  edition: 'Édition',
  anyEdition: 'Toutes (ou celle de la feuille)',
  language: 'Langue des cartes',
  anyLanguage: 'Toutes',
  languages: { en: 'anglais', fr: 'français' },
  team: 'Nom de l’équipe (au pied et au dos de chaque carte)',
  size: 'Taille des cartes',
  sizes: {
    poker: 'Poker, 63 × 88 mm',
    bridge: 'Bridge, 57 × 89 mm',
    mini: 'Mini, 44 × 63 mm',
    tarot: 'Tarot, 70 × 120 mm',
  },
  paper: 'Papier',
  papers: { a4: 'A4', letter: 'US Letter' },
  layout: 'Mise en page',
  layouts: { sheet: 'Autant de cartes par page que possible, avec traits de coupe', single: 'Une carte par page, avec fond perdu (impression à la demande)' },
  bleed: 'Fond perdu : 3 mm autour de chaque carte, pour un imprimeur',
  backs: 'Dos : une page de dos après chaque page de faces',
  duplex: 'L’imprimante retourne la feuille sur son',
  duplexes: { long: 'grand côté', short: 'petit côté' },
  lowInk: 'Économie d’encre : bandeaux blancs et dos unis',
  uniform: 'Une seule taille de texte pour toutes les cartes d’une page',
  problems: 'Votre jeu de cartes',
  messagesIntro: 'Ce qu’en dit la ligne de commande (nuffle cards) : corrigez la feuille à la ligne que nomme chaque message.',
  pdfName: (slug) => (slug ? `${slug}-cartes.pdf` : 'cartes.pdf'),
  codesHelp:
    'Le coin supérieur d’une carte peut indiquer « BB 1-3·1 · DB 1-3·1 » : la place de la compétence dans les tables de compétences aléatoires, BB pour Blood Bowl et DB pour Dungeon Bowl, puis le premier D6 (1-3 ou 4-6) et le second (1 à 6).',
  make: 'Faire le PDF',
  making: 'Fabrication du PDF…',
  changedWhileMaking: 'L’équipe a changé pendant la fabrication du PDF : fabriquez-le à nouveau.',
  fileTooLarge: (name, kib) => `${name} dépasse ${kib} Kio, la taille maximale d’une équipe ; l’équipe ci-dessus n’a pas changé.`,
  pastedText: 'Le texte collé',
  rosterTooLarge: (kib) => `Cette feuille d’équipe dépasse ${kib} Kio, la taille maximale d’une équipe : raccourcissez-la pour en faire les cartes ou le lien.`,
  loading: 'Chargement des règles…',
  loadFailed: 'Les règles n’ont pas pu être chargées ; rechargez la page.',
  ready: (cards, pages) => `${cards} carte${cards > 1 ? 's' : ''} sur ${pages} page${pages > 1 ? 's' : ''}.`,
  download: 'Télécharger le PDF',
  planned: (records) => `${records} carte${records > 1 ? 's' : ''} à imprimer (davantage si un long texte continue sur une deuxième carte).`,
  chooseSomething: 'Collez une feuille d’équipe ou cochez une compétence pour commencer.',
  fixFirst: 'Rien ne peut encore être imprimé : corrigez ce que nomment les messages ci-dessous, puis faites le PDF.',
  goToLine: (line) => `Aller à la ligne ${line}`,
  share: 'Partager ce jeu de cartes',
  shareHelp: 'Ce lien contient la feuille d’équipe et les options : envoyez-le à tous les coachs de la ligue.',
  copy: 'Copier le lien',
  copied: 'Copié.',
  cli: 'La même chose en ligne de commande, dans le dossier du projet (après y avoir lancé une fois npm ci && npm run build) :',
  cliRoster: (file) =>
    `La même chose en ligne de commande, dans le dossier du projet (après y avoir lancé une fois npm ci && npm run build) : enregistrez-y la feuille d’équipe sous le nom ${file}, puis lancez :`,
  cliNone: {
    empty: 'La même chose en ligne de commande : choisissez d’abord une compétence.',
    skills:
      'Aucune ligne de commande n’est montrée pour ces compétences : elles contiennent un caractère que les shells lisent différemment (une barre oblique inverse, un saut de ligne, un guillemet droit, ou une apostrophe droite avec $, ` ou !). Tapez les noms ou identifiants des compétences sans ce caractère.',
    team: 'Aucune ligne de commande n’est montrée pour ce nom d’équipe : il contient un caractère que les shells lisent différemment (une barre oblique inverse, un saut de ligne, un guillemet droit, ou une apostrophe droite avec $, ` ou !). Sans ce caractère, ou écrit dans la ligne team: d’une feuille d’équipe, la commande s’affiche.',
  },
  linkProblem: 'Ce lien n’a pas pu être lu :',
  linkProblems: (p) => {
    if (p.kind === 'too-long') return `il fait ${p.length} caractères ; un lien de jeu de cartes en contient au plus ${p.max}.`;
    if (p.kind === 'version') return `il a été fait par une autre version de cette page (format « ${p.found} » ; cette page lit « ${p.expected} »).`;
    if (p.kind === 'damaged') return 'il est abîmé (il ne se décode pas) ; demandez-le à nouveau.';
    if (p.kind === 'not-deck') return 'il ne contient pas de jeu de cartes.';
    if (p.kind === 'unknown-field') return `il a un champ inconnu « ${p.key} » que cette page ne prend pas.`;
    return `son champ « ${p.key} » a une valeur que cette page ne prend pas.`;
  },
  printHelp:
    'Imprimez à 100 % (« taille réelle »), pas « ajuster à la page ». Avec les dos, imprimez en recto verso, en retournant sur le côté choisi ci-dessus.',
};

export type CardStrings = typeof en;
export const cardStrings = (locale: Locale): CardStrings => (locale === 'fr' ? fr : en);
