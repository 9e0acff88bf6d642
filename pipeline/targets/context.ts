/**
 * What an output target (cards, site) is given by `nuffle build`: it reads the
 * published dataset in `dataDir` only, and replaces `outDir` atomically (build
 * in a staging folder, then `swapIn` from io.ts). It returns an exit code and
 * prints its own diagnostics.
 */
export interface TargetContext {
  /** The project root (for site/ and fonts; never sources/). */
  root: string;
  /** `<out>/data`: the validated, published dataset. */
  dataDir: string;
  /** `<out>/<target>`: replaced whole, or left as it was. */
  outDir: string;
}
