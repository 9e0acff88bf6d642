// The Nuffle Codex docs site: Astro + Starlight, generated from the published
// dataset only (dist/data, or NUFFLE_DATA_DIR). `nuffle build` runs it through
// pipeline/targets/site.ts; see site/README.md.
import sitemap from '@astrojs/sitemap';
import starlight from '@astrojs/starlight';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import { cardPageOffline } from './src/lib/card-maker/offline-integration.ts';
import { movedPaths } from './src/lib/moved.ts';
import { securityHeaders } from './src/lib/security-integration.ts';
import { sidebar } from './src/lib/sidebar.ts';
import { siteUrl } from './src/lib/site-config.ts';

/** @type {Set<string> | undefined} The retired ids' pages, read once the data is built. */
let moved;

export default defineConfig({
  // NUFFLE_SITE_URL (optional): canonical links, hreflang alternates, the sitemap and robots.txt's Sitemap line.
  site: siteUrl(),
  trailingSlash: 'always',
  build: { format: 'directory' },
  // No telemetry, no dev toolbar, nothing fetched from elsewhere.
  devToolbar: { enabled: false },
  vite: {
    // The card page's worker (src/lib/card-maker/cards.worker.ts) is an ES module worker
    // (it draws a plan the page made, so no Markdown or YAML parser is in it);
    // fontkit's WOFF2 decoder is left out of it (the cards embed TTF faces only).
    worker: { format: 'es' },
    // `nuffle dev` (issue 33): the first page of a cold dev server waited for its ~800 modules one import
    // at a time. Transforming each module's imports as soon as it is seen (as Vite does for the browser),
    // from the two routes most opened first, halves it. The build does not read `server`.
    server: {
      preTransformRequests: true,
      warmup: { ssrFiles: ['./src/pages/[[]...locale]/index.astro', './src/pages/[[]...locale]/concepts/[[]id].astro'] },
    },
    resolve: { alias: [{ find: /^brotli\/decompress\.js$/, replacement: fileURLToPath(new URL('./src/lib/card-maker/no-woff2.ts', import.meta.url)) }] },
  },
  integrations: [
    // Every page's Content-Security-Policy (its inline scripts hashed) as a meta tag and in _headers;
    // first, so the card page's service worker lists the pages' final bytes.
    securityHeaders(),
    // The card page's service worker (/cards/sw.js, /fr/cards/sw.js): the page opens and makes PDFs offline once loaded.
    cardPageOffline(['/cards/', '/fr/cards/']),
    // The sitemap (written when NUFFLE_SITE_URL is set) lists the pages readers should find, never a
    // retired id's page (noindex). Starlight's own, with the same locales, is not added when this one is.
    sitemap({
      i18n: { defaultLocale: 'root', locales: { root: 'en', fr: 'fr' } },
      filter: (page) => !(moved ??= movedPaths()).has(new URL(page).pathname),
    }),
    starlight({
      title: 'Nuffle Codex',
      description: 'Blood Bowl skills and traits across editions and languages, with FAQ rulings, random tables and inducements.',
      defaultLocale: 'root',
      locales: {
        root: { label: 'English', lang: 'en' },
        fr: { label: 'Français', lang: 'fr' },
      },
      sidebar,
      pagination: false,
      lastUpdated: false,
      customCss: ['./src/styles/codex.css'],
      // Head entries' contents as text, never raw HTML: a page title is a name from the dataset.
      components: { Head: './src/components/Head.astro', Footer: './src/components/Footer.astro', Search: './src/components/Search.astro' },
    }),
  ],
});
