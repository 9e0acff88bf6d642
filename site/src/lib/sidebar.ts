/** The sidebar of every page, English labels with their French translations. */
export const sidebar = [
  { label: 'Home', translations: { fr: 'Accueil' }, link: '/' },
  {
    label: 'Concepts',
    translations: { fr: 'Concepts' },
    items: [
      { label: 'By category', translations: { fr: 'Par catégorie' }, link: '/concepts/' },
      { label: 'By edition', translations: { fr: 'Par édition' }, link: '/editions/' },
      { label: 'A–Z (English names)', translations: { fr: 'A–Z (noms anglais)' }, link: '/a-z/' },
      { label: 'A–Z (French names)', translations: { fr: 'A–Z (noms français)' }, link: '/a-z/french/' },
    ],
  },
  { label: 'What changed', translations: { fr: 'Ce qui a changé' }, link: '/what-changed/' },
  { label: 'Random skill tables', translations: { fr: 'Tables de compétences aléatoires' }, link: '/random-tables/' },
  { label: 'Rulings', translations: { fr: 'Décisions (FAQ)' }, link: '/rulings/' },
  { label: 'Inducements', translations: { fr: 'Coups de pouce' }, link: '/inducements/' },
  { label: 'Identifiers', translations: { fr: 'Identifiants' }, link: '/identifiers/' },
  { label: 'Print cards', translations: { fr: 'Imprimer des cartes' }, link: '/cards/' },
  { label: 'Downloads', translations: { fr: 'Téléchargements' }, link: '/downloads/' },
];
