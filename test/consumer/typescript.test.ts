/**
 * The package under the TypeScript setups apps use (issue 35, item 1), from
 * the packed tarball in a fresh project, with TypeScript 5.9 (installed from
 * the registry into the app, as an app pins it) and the project's own: with
 * `module`/`moduleResolution` `nodenext` or `bundler`, `strict`, and either
 * `resolveJsonModule` alone (the setup that worked before the declarations
 * existed) or `allowArbitraryExtensions` alone, a JSON import compiles, and
 * it is typed as published (the package's `exports` give each data file's
 * declaration under the `types` condition): a wrong use fails the check. The
 * runtime API's answers are typed too: `roll()` narrows on `slot` (item 4),
 * `frenchName` says where it comes from (item 7).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers.ts';
import { installApp, npm, packPackage, type Packed } from './pack.ts';

/** The TypeScript 5 line apps still pin (the project itself is on 7). */
const TYPESCRIPT_5 = '5.9.3';

let packed: Packed;
let app: string;

beforeAll(() => {
  packed = packPackage('typescript');
  app = installApp(packed, 'ts-app');
  npm(['install', '--no-save', `typescript@${TYPESCRIPT_5}`, packed.tarball], app);
}, 300_000);

const COMPILERS = {
  [`TypeScript ${TYPESCRIPT_5}`]: () => join(app, 'node_modules/typescript/bin/tsc'),
  "the project's TypeScript": () => join(repoRoot, 'node_modules/typescript/bin/tsc'),
};
const RESOLUTIONS = [
  ['nodenext', 'nodenext'],
  ['esnext', 'bundler'],
] as const;
const FLAGS = {
  'resolveJsonModule alone': { resolveJsonModule: true },
  'allowArbitraryExtensions alone': { allowArbitraryExtensions: true },
};

/** What an app writes: JSON imports of a data file, of meta.json and of one edition's file, and the runtime's typed answers. */
const GOOD = `import skills from 'nuffle-codex/data/skills.json' with { type: 'json' };
import meta from 'nuffle-codex/data/meta.json' with { type: 'json' };
import dodgers from 'nuffle-codex/data/skills/en-2020.json' with { type: 'json' };
import type { Lang, Skill } from 'nuffle-codex';
import { getConcept, roll } from 'nuffle-codex';

const all: Skill[] = skills;
const lang: Lang = dodgers[0]!.lang;
const version: string = meta.datasetVersion;
const rolled = await roll('blood-bowl', 'agility');
const id: string = rolled.slot === 'skill' ? rolled.record.id : rolled.slot;
const french = (await getConcept('block')).frenchName;
const from: 'source' | 'reviewed' | undefined = french?.from;
export { all, lang, version, id, from };
`;

/** Uses the precise types forbid: each line must fail, and only these. */
const WRONG = `import skills from 'nuffle-codex/data/skills.json' with { type: 'json' };
import { roll } from 'nuffle-codex';

const lang: 'de' = skills[0]!.lang;
const rolled = await roll('blood-bowl', 'agility');
const id: string = rolled.record.id;
export { lang, id };
`;

function check(tsc: string, module: string, moduleResolution: string, flags: object, file: string): { status: number | null; output: string } {
  const compilerOptions = { target: 'es2024', lib: ['es2024'], module, moduleResolution, strict: true, noEmit: true, types: [], ...flags };
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: [file] }));
  const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: app, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe.each(Object.entries(COMPILERS))('%s', (_, compiler) => {
  it('is the version this test means', () => {
    const version = spawnSync(process.execPath, [compiler(), '--version'], { encoding: 'utf8' }).stdout;
    if (_.startsWith('TypeScript ')) expect(version).toContain(TYPESCRIPT_5);
    else expect(version).toMatch(/Version \d+\./);
  });

  describe.each(RESOLUTIONS)('module %s, moduleResolution %s', (module, moduleResolution) => {
    it.each(Object.entries(FLAGS))('with %s, compiles an app that imports the data, typed as published', (__, flags) => {
      writeFileSync(join(app, 'good.ts'), GOOD);
      const { status, output } = check(compiler(), module, moduleResolution, flags, 'good.ts');
      expect(output).toBe('');
      expect(status).toBe(0);
    });

    it.each(Object.entries(FLAGS))('with %s, refuses a use the precise types forbid', (__, flags) => {
      writeFileSync(join(app, 'wrong.ts'), WRONG);
      const { status, output } = check(compiler(), module, moduleResolution, flags, 'wrong.ts');
      expect(status).not.toBe(0);
      // The JSON's declared type (Lang), not the inferred string; and no TS6263 about the flag.
      expect(output).toContain(`Type 'Lang' is not assignable to type '"de"'`);
      expect(output).not.toContain('TS6263');
      // roll()'s record is there only once `slot` says 'skill'.
      expect(output).toMatch(/rolled\.record|'record' is possibly 'null'|Object is possibly 'null'/);
      expect(output.split('\n').filter((line) => /error TS\d+/.test(line))).toHaveLength(2);
    });
  });
});
