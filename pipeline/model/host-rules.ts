/**
 * The files a static host reads as rules (Netlify's and Cloudflare Pages'
 * `_redirects` and `_headers`), written from structured rules by this one
 * writer and read back by its one reader. A rule's fields are checked for
 * where they go: a path is one of this site's own paths (rooted at `/`, never
 * `//`, made of letters, digits, `-`, `_`, `.` and `~`, with no `.` or `..`
 * segment), a header name a token, a header value visible ASCII; a line
 * break, a space, a `:placeholder`, a `!` or a URL inside a field is refused
 * with a thrown HostRuleError, so no value can add a rule of its own.
 * Shared by the api emitter (dist/api), the site target and the site's
 * security headers (dist/site), and the preview server, which applies
 * `_headers` as a host would.
 */

/**
 * A redirect: `from` answers `status` with `Location: to`; with status 404,
 * `from` answers the file `to` with status 404 (a custom not-found body). A
 * not-found rule's `from` may end in `*` (any rest of the path); a host
 * serves an existing file before any rule.
 */
export interface RedirectRule {
  from: string;
  to: string;
  status: RedirectStatus;
}
const REDIRECT_STATUSES = [301, 302, 307, 308, 404] as const;
type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/** Headers added to every response whose path matches `path` (`*` at its end matches any rest). */
export interface HeaderRule {
  path: string;
  headers: readonly (readonly [name: string, value: string])[];
}

/** A rule a host would read as something else: what the field is, and why. */
export class HostRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HostRuleError';
  }
}

/** Cloudflare Pages' documented limits: 2,000 characters a `_headers` line, 1,000 a redirect. */
const MAX_HEADER_LINE = 2000;
const MAX_REDIRECT_LINE = 1000;

const SEGMENT = /^[A-Za-z0-9_.~-]+$/;
const HEADER_NAME = /^[A-Za-z0-9-]+$/;
/** Visible ASCII, spaces only between words: no line break, tab or other control character, nothing outside ASCII. */
const HEADER_VALUE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/** A value shown in an error: JSON-quoted (so a line break shows as `\n`), clipped. */
function shown(value: string): string {
  const quoted = JSON.stringify(value);
  return quoted.length > 80 ? `${quoted.slice(0, 77)}…"` : quoted;
}

/** Whether `path` is one of this site's own paths; with `splat`, its last segment may be `*`. */
function isSitePath(path: string, splat: boolean): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  const segments = path.slice(1).split('/');
  return segments.every((segment, i) => {
    const last = i === segments.length - 1;
    if (last && (segment === '' || (splat && segment === '*'))) return true;
    return SEGMENT.test(segment) && segment !== '.' && segment !== '..';
  });
}

function checkPath(path: string, what: string, splat: boolean): void {
  if (typeof path !== 'string' || !isSitePath(path, splat))
    throw new HostRuleError(
      `${what} ${shown(String(path))} is not a path of this site: a host rule's path starts with one "/" and holds only letters, digits, "-", "_", ".", "~" and "/"${splat ? ' (and "*" last)' : ''}, with no "." or ".." segment`,
    );
}

function checkLine(line: string, max: number, file: string): string {
  if (line.length > max) throw new HostRuleError(`${file}: a line of ${line.length} characters is longer than the ${max} a host reads: ${shown(line)}`);
  return line;
}

/** `_redirects`: one `from to status` line a rule; an empty file for none. */
export function writeRedirects(rules: readonly RedirectRule[]): string {
  const lines = rules.map((rule) => {
    // A splat only in a not-found rule's source: no redirect moves a whole folder.
    checkPath(rule.from, 'the redirect source', rule.status === 404);
    checkPath(rule.to, 'the redirect target', false);
    if (!REDIRECT_STATUSES.includes(rule.status))
      throw new HostRuleError(`the redirect status ${shown(String(rule.status))} is not one of ${REDIRECT_STATUSES.join(', ')}`);
    return checkLine(`${rule.from} ${rule.to} ${rule.status}`, MAX_REDIRECT_LINE, '_redirects');
  });
  return lines.map((line) => `${line}\n`).join('');
}

/** `_headers`: each rule's path, then its headers indented by two spaces. */
export function writeHeaders(rules: readonly HeaderRule[]): string {
  const lines = rules.flatMap((rule) => {
    checkPath(rule.path, 'the header rule path', true);
    if (!rule.headers.length) throw new HostRuleError(`the header rule for ${rule.path} has no header`);
    return [
      rule.path,
      ...rule.headers.map(([name, value]) => {
        if (typeof name !== 'string' || !HEADER_NAME.test(name))
          throw new HostRuleError(`the header name ${shown(String(name))} (for ${rule.path}) is not a token of letters, digits and "-"`);
        if (typeof value !== 'string' || !HEADER_VALUE.test(value))
          throw new HostRuleError(`the ${name} header's value ${shown(String(value))} (for ${rule.path}) is not one line of visible ASCII`);
        return checkLine(`  ${name}: ${value}`, MAX_HEADER_LINE, '_headers');
      }),
    ];
  });
  return lines.map((line) => `${line}\n`).join('');
}

/** The lines of a rules file that say something: no blank line, no `#` comment. */
const ruleLines = (text: string): { line: string; n: number }[] =>
  text
    .split('\n')
    .map((line, i) => ({ line: line.replace(/\r$/, ''), n: i + 1 }))
    .filter(({ line }) => line.trim() !== '' && !line.trim().startsWith('#'));

/** A `_redirects` file read back: every line a rule this writer would write, or a HostRuleError naming the line. */
export function parseRedirects(text: string): RedirectRule[] {
  const rules = ruleLines(text).map(({ line, n }) => {
    const fields = line.split(' ');
    const status = Number(fields[2]);
    if (fields.length !== 3 || !REDIRECT_STATUSES.includes(status as RedirectStatus))
      throw new HostRuleError(`_redirects:${n}: expected "from to status", got ${shown(line)}`);
    return { from: fields[0]!, to: fields[1]!, status: status as RedirectStatus };
  });
  // Written again, the same text: every field passes the writer's checks.
  writeRedirects(rules);
  return rules;
}

/** A `_headers` file read back: every rule this writer would write, or a HostRuleError naming the line. */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: { path: string; headers: [string, string][] }[] = [];
  for (const { line, n } of ruleLines(text)) {
    if (!/^\s/.test(line)) {
      rules.push({ path: line, headers: [] });
      continue;
    }
    const header = /^ {2}([^:\s]+): (.*)$/.exec(line);
    const rule = rules.at(-1);
    if (!header || !rule) throw new HostRuleError(`_headers:${n}: expected a path, or "  Name: value" under one, got ${shown(line)}`);
    rule.headers.push([header[1]!, header[2]!]);
  }
  writeHeaders(rules);
  return rules;
}

/** Whether a request's path matches a rule's path (`/api/v1/*` matches every path under /api/v1/). */
function matchesPath(pattern: string, path: string): boolean {
  return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
}

/** The headers every matching rule adds to a response at `path`, in the file's order; a name set twice is joined with ", " as the hosts do. */
export function headersFor(rules: readonly HeaderRule[], path: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const rule of rules.filter((r) => matchesPath(r.path, path))) {
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      out.set(key, out.has(key) ? `${out.get(key)}, ${value}` : value);
    }
  }
  return out;
}

/** Rules of a folder served under `prefix` (`/api`): every path moved under it. */
export function underPrefix<T extends RedirectRule | HeaderRule>(rules: readonly T[], prefix: string): T[] {
  return rules.map((rule) =>
    'path' in rule
      ? { ...rule, path: `${prefix}${rule.path}` }
      : { ...rule, from: `${prefix}${(rule as RedirectRule).from}`, to: `${prefix}${(rule as RedirectRule).to}` },
  ) as T[];
}
