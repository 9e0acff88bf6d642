/**
 * Every regular expression in the code, found by the TypeScript scanner (not
 * by a pattern over the source text): each literal `/…/flags`, and each
 * `new RegExp(…)`/`RegExp(…)` call with its argument. A literal's source is
 * checked as written; a call whose first argument is a string literal too;
 * any other call is a constructed pattern whose sources a test enumerates.
 *
 * `.astro` files: the frontmatter, each `<script>` and each `{…}` expression
 * of the template are scanned as TypeScript.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SyntaxKind } from 'typescript/unstable/ast';
import { createScanner, type Scanner } from 'typescript/unstable/ast/scanner';

export interface RegexSite {
  /** Path relative to the repository root, and the 1-based line. */
  file: string;
  line: number;
  /** A literal's or a string argument's pattern and flags; null for a constructed pattern. */
  source: string | null;
  flags: string;
  /** A constructed pattern: the text of the call's arguments, as written. */
  argument?: string;
}

/** Tokens after which `/` divides (a value ended); after any other, it opens a regular expression. */
const VALUE_ENDS = new Set<SyntaxKind>([
  SyntaxKind.Identifier,
  SyntaxKind.PrivateIdentifier,
  SyntaxKind.NumericLiteral,
  SyntaxKind.BigIntLiteral,
  SyntaxKind.StringLiteral,
  SyntaxKind.NoSubstitutionTemplateLiteral,
  SyntaxKind.TemplateTail,
  SyntaxKind.RegularExpressionLiteral,
  SyntaxKind.CloseParenToken,
  SyntaxKind.CloseBracketToken,
  SyntaxKind.CloseBraceToken,
  SyntaxKind.PlusPlusToken,
  SyntaxKind.MinusMinusToken,
  SyntaxKind.ThisKeyword,
  SyntaxKind.SuperKeyword,
  SyntaxKind.TrueKeyword,
  SyntaxKind.FalseKeyword,
  SyntaxKind.NullKeyword,
  SyntaxKind.ExclamationToken,
]);

interface Token {
  kind: SyntaxKind;
  start: number;
  end: number;
  text: string;
  value: string;
}

/**
 * The tokens of `text` from `start`; with `stopAtClose`, up to (not
 * including) the `}` that closes an expression opened just before `start`.
 * Template literals are followed through their `${…}` parts.
 */
function tokens(text: string, start = 0, stopAtClose = false): Token[] {
  // In a template expression, a `<` where a value may start opens markup: the expression's code ends there
  // (the markup's own `{…}` are scanned as expressions of their own).
  const scanner: Scanner = createScanner(true, 0, text, start);
  const out: Token[] = [];
  // What each open `{` or `${` is: a brace, or a template's substitution.
  const open: ('brace' | 'template')[] = [];
  let previous: SyntaxKind | null = null;
  for (let kind = scanner.scan(); kind !== SyntaxKind.EndOfFile; kind = scanner.scan()) {
    if ((kind === SyntaxKind.SlashToken || kind === SyntaxKind.SlashEqualsToken) && (previous === null || !VALUE_ENDS.has(previous))) {
      kind = scanner.reScanSlashToken();
    }
    if (stopAtClose && kind === SyntaxKind.LessThanToken && (previous === null || !VALUE_ENDS.has(previous))) break;
    if (kind === SyntaxKind.OpenBraceToken) open.push('brace');
    if (kind === SyntaxKind.TemplateHead) open.push('template');
    if (kind === SyntaxKind.CloseBraceToken) {
      if (open.length === 0 && stopAtClose) break;
      if (open.at(-1) === 'template') {
        kind = scanner.reScanTemplateToken(false);
        if (kind === SyntaxKind.TemplateTail) open.pop();
      } else open.pop();
    }
    // A scanner that loops (it once did on `!/^…\//.test(…)`) would fill memory: no text has more tokens than characters.
    if (out.length > text.length)
      throw new Error(
        `the scanner loops at offset ${scanner.getTokenStart()}: ${JSON.stringify(text.slice(scanner.getTokenStart() - 60, scanner.getTokenStart() + 20))}`,
      );
    out.push({ kind, start: scanner.getTokenStart(), end: scanner.getTokenEnd(), text: scanner.getTokenText(), value: scanner.getTokenValue() });
    previous = kind;
  }
  return out;
}

const lineOf = (text: string, at: number): number => text.slice(0, at).split('\n').length;

/** The regular expressions among `list` (tokens of `text`). */
function sitesIn(file: string, text: string, list: readonly Token[]): RegexSite[] {
  const sites: RegexSite[] = [];
  list.forEach((token, i) => {
    if (token.kind === SyntaxKind.RegularExpressionLiteral) {
      const slash = token.text.lastIndexOf('/');
      sites.push({ file, line: lineOf(text, token.start), source: token.text.slice(1, slash), flags: token.text.slice(slash + 1) });
      return;
    }
    if (token.kind !== SyntaxKind.Identifier || token.text !== 'RegExp' || list[i + 1]?.kind !== SyntaxKind.OpenParenToken) return;
    if (list[i - 1]?.kind === SyntaxKind.DotToken) return;
    // The arguments: the tokens up to the `)` that closes the call.
    let depth = 0;
    let end = i + 1;
    for (; end < list.length; end++) {
      const kind = list[end]!.kind;
      if (kind === SyntaxKind.OpenParenToken || kind === SyntaxKind.OpenBracketToken || kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.TemplateHead)
        depth++;
      if (
        kind === SyntaxKind.CloseParenToken ||
        kind === SyntaxKind.CloseBracketToken ||
        kind === SyntaxKind.CloseBraceToken ||
        kind === SyntaxKind.TemplateTail
      )
        depth--;
      if (depth === 0) break;
    }
    const args = list.slice(i + 2, end);
    const first = args[0];
    const literal =
      first &&
      (first.kind === SyntaxKind.StringLiteral || first.kind === SyntaxKind.NoSubstitutionTemplateLiteral) &&
      (args.length === 1 || args[1]!.kind === SyntaxKind.CommaToken);
    const flagsToken = args[2];
    const flags =
      flagsToken && (flagsToken.kind === SyntaxKind.StringLiteral || flagsToken.kind === SyntaxKind.NoSubstitutionTemplateLiteral) ? flagsToken.value : '';
    const argument = text.slice(args[0]?.start ?? 0, args.at(-1)?.end ?? 0);
    sites.push(
      literal
        ? { file, line: lineOf(text, token.start), source: first.value, flags }
        : { file, line: lineOf(text, token.start), source: null, flags, argument },
    );
  });
  return sites;
}

/** The TypeScript regions of an `.astro` file: frontmatter, scripts, template expressions (offsets into the file). */
function astroRegions(text: string): { start: number; end?: number; expression: boolean }[] {
  const regions: { start: number; end?: number; expression: boolean }[] = [];
  let body = 0;
  const front = /^---\r?\n/.exec(text);
  if (front) {
    const close = text.indexOf('\n---', front[0].length);
    regions.push({ start: front[0].length, end: close, expression: false });
    body = text.indexOf('\n', close + 1) + 1;
  }
  const blocks: [number, number][] = [];
  for (const script of text.slice(body).matchAll(/<(script|style)\b[^>]*>/g)) {
    const start = body + script.index + script[0].length;
    const end = text.indexOf(`</${script[1]}>`, start);
    blocks.push([start, end]);
    if (script[1] === 'script') regions.push({ start, end, expression: false });
  }
  for (let at = body; at < text.length; at++) {
    const inBlock = blocks.find(([s, e]) => at >= s && at < e);
    if (inBlock) {
      at = inBlock[1];
      continue;
    }
    if (text[at] === '{') regions.push({ start: at + 1, expression: true });
  }
  return regions.sort((a, b) => a.start - b.start);
}

/** Every regular expression in one file. */
export function regexSites(root: string, file: string): RegexSite[] {
  const text = readFileSync(join(root, file), 'utf8');
  if (!file.endsWith('.astro')) return sitesIn(file, text, tokens(text));
  // A `{` inside an expression starts a region of its own too: the same token is found twice, kept once.
  const byOffset = new Map<number, Token>();
  for (const region of astroRegions(text)) {
    for (const token of region.expression ? tokens(text, region.start, true) : tokens(text.slice(0, region.end), region.start))
      byOffset.set(token.start, token);
  }
  return sitesIn(
    file,
    text,
    [...byOffset.values()].sort((a, b) => a.start - b.start),
  );
}

/** The code files under `dirs` (TypeScript, JavaScript, Astro), relative to `root`, sorted. */
export function codeFiles(root: string, dirs: readonly string[]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? walk(`${dir}/${entry.name}`)
        : /\.(ts|js|mjs|astro)$/.test(entry.name) && !entry.name.endsWith('.d.ts')
          ? [`${dir}/${entry.name}`]
          : [],
    );
  return dirs
    .flatMap(walk)
    .map((f) => relative(root, join(root, f)))
    .sort();
}
