/**
 * Deployment settings, from the environment, so that the site builds and
 * deploys anywhere without them:
 * - NUFFLE_SITE_URL: the public origin (https://example.org/). With it the
 *   pages get a canonical link and hreflang alternates, and the build writes
 *   a sitemap and a robots.txt that names it; without it, none of these.
 * - NUFFLE_REPORT_URL: where readers report a mistake. Each page links to it,
 *   with `?page=<path>` added (or `{page}` in the URL replaced by the path).
 */
export function siteUrl(env: Record<string, string | undefined> = process.env): string | undefined {
  const value = env.NUFFLE_SITE_URL?.trim();
  if (!value) return undefined;
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`NUFFLE_SITE_URL must be an http(s) URL, not ${JSON.stringify(value)}`);
  return url.href;
}

export function reportUrl(path: string, env: Record<string, string | undefined> = process.env): string | undefined {
  const value = env.NUFFLE_REPORT_URL?.trim();
  if (!value) return undefined;
  const url = new URL(value.replace('{page}', encodeURIComponent(path)));
  if (!['https:', 'http:', 'mailto:'].includes(url.protocol))
    throw new Error(`NUFFLE_REPORT_URL must be an http(s) or mailto: URL, not ${JSON.stringify(value)}`);
  if (!value.includes('{page}') && url.protocol !== 'mailto:') url.searchParams.set('page', path);
  return url.href;
}
