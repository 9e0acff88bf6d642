/**
 * The mutants `npm run mutate` leaves out by rule, each rule with its reason.
 * Where one equivalence covers many places (every entry of a table, every use
 * in a module) it is stated once here, instead of a `// Stryker disable
 * next-line` comment on each line; a comment stays where one line is
 * equivalent, with its reason. StrykerJS asks `shouldIgnore` of every node of
 * a mutated file (an Ignorer plugin, named in stryker.config.mjs): no mutant
 * is made inside a node a rule matches, and the report lists it as ignored,
 * with the rule's reason.
 */
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

/** A node as a rule sees it: its file (as the instrumenter names it: absolute, or relative to the repository), the node, its parent and its key there. */
export interface Site {
  file: string;
  node: { type: string; [key: string]: unknown };
  parent: { type: string; [key: string]: unknown } | null;
  key: string | number | null;
}

interface IgnoreRule {
  file: string;
  reason: string;
  matches: (site: Site) => boolean;
}

const isString = (site: Site, value: string): boolean => site.node.type === 'StringLiteral' && site.node.value === value;

/** Every rule. */
export const IGNORE_RULES: readonly IgnoreRule[] = [
  {
    file: 'pipeline/diff/compare.ts',
    reason: "a field plan's 'skip': only `compare` and `text` are compared; any other value skips the field as `skip` does",
    // Every field plan's `field: 'skip'` (the plans are exhaustive over the record types, so most fields of a kind are there).
    matches: (site) => isString(site, 'skip') && site.parent?.type === 'ObjectProperty' && site.key === 'value',
  },
  {
    file: 'pipeline/model/markdown.ts',
    reason: "a memo key when there is no memo (`memo ? memoKey(…) : ''`): without a memo the key is never read",
    matches: (site) => {
      const test = site.parent?.test as { type: string; name?: string } | undefined;
      return (
        isString(site, '') && site.parent?.type === 'ConditionalExpression' && site.key === 'alternate' && test?.type === 'Identifier' && test.name === 'memo'
      );
    },
  },
];

/** Why a node is not mutated, or undefined when it is. */
export function ignoreReason(site: Site): string | undefined {
  return IGNORE_RULES.find((rule) => (site.file === rule.file || site.file.endsWith(`/${rule.file}`)) && rule.matches(site))?.reason;
}

/** What StrykerJS passes an ignorer: a Babel NodePath (its file is the one the instrumenter parses). */
interface NodePathLike {
  node: Site['node'];
  parent: Site['parent'] | null | undefined;
  key: string | number | null | undefined;
  hub?: { file?: { opts?: { filename?: string } } };
}

/** The site of a NodePath. */
export function siteOf(path: NodePathLike): Site {
  return { file: path.hub?.file?.opts?.filename ?? '', node: path.node, parent: path.parent ?? null, key: path.key ?? null };
}

export const IGNORER = 'nuffle-equivalent';
export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, IGNORER, { shouldIgnore: (path) => ignoreReason(siteOf(path as unknown as NodePathLike)) }),
];
