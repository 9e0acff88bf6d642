/**
 * What every command's argument parsing shares: node:util parseArgs keeps the
 * last of an option given twice, so `--roster a.yaml --roster b.yaml` would
 * silently drop a.yaml. A repeated option is a usage error instead.
 */

/** The tokens parseArgs returns with `tokens: true` (only what is read here). */
interface Token {
  kind: string;
  name?: string;
  rawName?: string;
}

/** The first option given more than once, as a usage message; null when none is. */
export function repeatedOption(tokens: readonly Token[] | undefined): string | null {
  const seen = new Map<string, string>();
  for (const token of tokens ?? []) {
    if (token.kind !== 'option' || token.name === undefined) continue;
    const earlier = seen.get(token.name);
    if (earlier !== undefined) {
      const same = earlier === token.rawName ? `${earlier}` : `${earlier} and ${token.rawName}`;
      return `${same} given twice; give each option once (lists go in one value, comma-separated)`;
    }
    seen.set(token.name, token.rawName ?? `--${token.name}`);
  }
  return null;
}
