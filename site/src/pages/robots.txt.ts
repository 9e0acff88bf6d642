/** robots.txt: everything may be crawled; the sitemap is named when NUFFLE_SITE_URL gives the site's origin. */
import { siteUrl } from '../lib/site-config.ts';

export function GET(): Response {
  const site = siteUrl();
  const lines = ['User-agent: *', 'Allow: /', ...(site ? [`Sitemap: ${new URL('sitemap-index.xml', site).href}`] : [])];
  return new Response(`${lines.join('\n')}\n`, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
