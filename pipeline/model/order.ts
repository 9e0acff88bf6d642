/** Code-point order: the same on every machine and locale (localeCompare is not). */
export const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export const byId = <T extends { id: string }>(a: T, b: T): number => compare(a.id, b.id);
