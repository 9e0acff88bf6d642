/**
 * The Astro integration that gives every built page its security policy
 * (security-policy.ts): each `.html` file gets its meta tags, and `_headers`
 * the rule for every path, through the one host-rules writer
 * (pipeline/model/host-rules.ts). Listed first in astro.config.mjs, so the
 * card page's service worker (offline-integration.ts) lists the pages' final
 * bytes. pipeline/targets/site.ts adds the static API's rules to `_headers`.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeHeaders } from '../../../pipeline/model/host-rules.ts';
import { inlineHashes, mergeHashes, siteHeaderRule, withPolicyMeta } from './security-policy.ts';

/** Every `.html` file under `dir`, sorted. */
function pagesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

export function securityHeaders() {
  return {
    name: 'nuffle-security-headers',
    hooks: {
      'astro:build:done': ({ dir }: { dir: URL }) => {
        const out = fileURLToPath(dir);
        const hashes = pagesIn(out).map((file) => {
          const html = readFileSync(file, 'utf8');
          writeFileSync(file, withPolicyMeta(html, file.slice(out.length)));
          return inlineHashes(html);
        });
        writeFileSync(join(out, '_headers'), writeHeaders([siteHeaderRule(mergeHashes(hashes))]));
      },
    },
  };
}
