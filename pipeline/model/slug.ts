/** `Mighty Blow` → `mighty-blow`; `Timmm-ber!` → `timmm-ber`; `Châtaigne` → `chataigne`. */
export function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|(?<!-)-+$/g, '');
}
