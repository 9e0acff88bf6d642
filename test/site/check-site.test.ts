// The site's type check as `npm run lint` runs it (node pipeline/scripts/check-site.ts <site>), on a small literal Astro project:
// a typo in a page, a component's props or a TypeScript file fails it, located in the file a reader edits.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../pipeline/io.ts';

/** A literal site: a route over two locales (props typed by its getStaticPaths), a component with Props, a TypeScript module. */
const SITE: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ extends: 'astro/tsconfigs/strict', include: ['src/**/*'], compilerOptions: { allowImportingTsExtensions: true } }),
  'src/env.d.ts': '/// <reference types="astro/client" />\n',
  'src/lib/words.ts': "export type Locale = 'en' | 'fr';\nexport const greeting = (locale: Locale): string => (locale === 'fr' ? 'Bonjour' : 'Hello');\n",
  'src/components/Greeting.astro': [
    '---',
    "import { greeting, type Locale } from '../lib/words.ts';",
    'interface Props {',
    '  locale: Locale;',
    "  tone: 'plain' | 'warm';",
    '}',
    'const { locale, tone } = Astro.props;',
    '---',
    '<p class={tone}>{greeting(locale)}</p>',
    '',
  ].join('\n'),
  'src/pages/[...locale]/index.astro': [
    '---',
    "import Greeting from '../../components/Greeting.astro';",
    'export function getStaticPaths() {',
    "  return [{ params: { locale: undefined }, props: { locale: 'en' as const } }, { params: { locale: 'fr' }, props: { locale: 'fr' as const } }];",
    '}',
    'const { locale } = Astro.props;',
    '---',
    '<Greeting locale={locale} tone="warm" />',
    '',
  ].join('\n'),
};

const made: string[] = [];
/** The literal site with `edits` applied (file → [text, replacement]), inside the repository so that `astro` resolves from its node_modules. */
function site(edits: Record<string, [string, string]> = {}): string {
  mkdirSync(join(repoRoot, 'node_modules/.cache/nuffle'), { recursive: true });
  const dir = mkdtempSync(join(repoRoot, 'node_modules/.cache/nuffle/check-site-'));
  made.push(dir);
  for (const [file, text] of Object.entries(SITE)) {
    const edit = edits[file];
    if (edit) expect(text).toContain(edit[0]);
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), edit ? text.replace(edit[0], edit[1]) : text);
  }
  return dir;
}
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const check = (dir: string) => spawnSync(process.execPath, [join(repoRoot, 'pipeline/scripts/check-site.ts'), dir], { cwd: dir, encoding: 'utf8' });

describe('the site type check', () => {
  it('passes a site without type errors', () => {
    const run = check(site());
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it("fails on a misspelt prop value in a page, at the page's line and column", () => {
    const run = check(site({ 'src/pages/[...locale]/index.astro': ['tone="warm"', 'tone="wram"'] }));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('src/pages/[...locale]/index.astro:8:27 error Type \'"wram"\' is not assignable to type \'"plain" | "warm"\'');
  });

  it('fails on a misspelt prop of a route, typed by what its getStaticPaths returns', () => {
    const run = check(site({ 'src/pages/[...locale]/index.astro': ['const { locale } = Astro.props;', 'const { locael: locale } = Astro.props;'] }));
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/src\/pages\/\[\.\.\.locale\]\/index\.astro:6:9 error Property 'locael' does not exist on type .*\[TS2339\]/);
  });

  it("fails on a component's missing prop and on a typo in a TypeScript module of the site", () => {
    const run = check(
      site({
        'src/pages/[...locale]/index.astro': [' tone="warm"', ''],
        'src/lib/words.ts': ["'Bonjour'", "'Bonjour'.lenght"],
      }),
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/src\/lib\/words\.ts:2:\d+ error Property 'lenght' does not exist/);
    expect(run.stderr).toMatch(
      /src\/pages\/\[\.\.\.locale\]\/index\.astro:8:2 error Type .* is not assignable to type 'IntrinsicAttributes & Props'\. \[TS2322\]\n +Property 'tone' is missing/,
    );
    expect(run.stderr).toContain('2 type errors in the site');
  });
});
