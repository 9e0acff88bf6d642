/**
 * Inputs for the fuzz properties: the real sources, mutated the way broken
 * pastes are (lines deleted, duplicated, swapped, cut; odd Unicode inserted;
 * CRLF or CR line ends; a BOM; very long lines), and raw bytes broken the way
 * bad copies are. Also the number of runs and the failure report.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { repoRoot } from '../helpers.ts';

/**
 * Two paces (issue 37). `npm test` and CI: a fixed, small number of runs per
 * property from a fixed seed, the same inputs on every run, so a red run is
 * a bug in the change, never a draw. `npm run fuzz` (the long campaign):
 * FUZZ_RUNS per property (10,000) from a fresh seed each time, printed with
 * any failure; FUZZ_SEED replays one.
 */
export const CAMPAIGN = process.env.FUZZ_RUNS !== undefined;
/** Runs per property: 50 in npm test, FUZZ_RUNS in the campaign. */
export const FUZZ_RUNS = CAMPAIGN ? Number(process.env.FUZZ_RUNS) : 50;
/** The seed of npm test's runs (test/setup/fast-check.ts gives it to every property of the suite). */
export const FIXED_SEED = 20261201;
/** The seed: FUZZ_SEED when given, else the fixed one in npm test, else fast-check's own (the campaign). */
export const FUZZ_SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : CAMPAIGN ? undefined : FIXED_SEED;
/** Runs of a costly property: `ci` in npm test, FUZZ_RUNS in the campaign. */
export const fuzzRuns = (ci: number): number => (CAMPAIGN ? FUZZ_RUNS : ci);
/** A test's time limit: generous in CI, none to speak of in the long campaign. */
export const FUZZ_TIMEOUT = CAMPAIGN ? 24 * 3600_000 : 300_000;
const SEED = FUZZ_SEED;

export type Mutation =
  | { op: 'delete'; at: number }
  | { op: 'duplicate'; at: number }
  | { op: 'swap'; at: number; with: number }
  | { op: 'cut'; at: number; column: number }
  | { op: 'insert'; at: number; column: number; text: string }
  | { op: 'insertLine'; at: number; text: string }
  | { op: 'long'; at: number; times: number }
  | { op: 'trailing'; at: number; text: string }
  | { op: 'lineEnds'; style: 'crlf' | 'cr' }
  | { op: 'bom' };

/** Characters that break naive text handling: combining marks, bidi marks, NUL, line separators, lone surrogates, a BOM. */
const ODD = [
  '\u0301',
  '\u200f',
  '\u200e',
  '\u202e',
  '\0',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\ud800',
  '\udc00',
  '\ud83d\ude00',
  '\t',
  '\r',
  '\u00a0',
  'ﬁ',
  'İ',
  'ß',
];

const oddText = (fragments: readonly string[]): fc.Arbitrary<string> =>
  fc
    .array(fc.oneof(fc.constantFrom(...ODD), fc.constantFrom(...fragments), fc.string({ unit: 'binary', maxLength: 4 })), { maxLength: 6 })
    .map((parts) => parts.join(''));

export function mutationArb(fragments: readonly string[]): fc.Arbitrary<Mutation[]> {
  const at = fc.nat({ max: 100_000 });
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    fc.record({ op: fc.constant('delete' as const), at }),
    fc.record({ op: fc.constant('duplicate' as const), at }),
    fc.record({ op: fc.constant('swap' as const), at, with: at }),
    fc.record({ op: fc.constant('cut' as const), at, column: fc.nat({ max: 400 }) }),
    fc.record({ op: fc.constant('insert' as const), at, column: fc.nat({ max: 400 }), text: oddText(fragments) }),
    fc.record({ op: fc.constant('insertLine' as const), at, text: oddText(fragments) }),
    fc.record({ op: fc.constant('long' as const), at, times: fc.integer({ min: 2, max: 300 }) }),
    fc.record({ op: fc.constant('trailing' as const), at, text: fc.constantFrom(' ', '\t', '  \t ', '\u00a0') }),
    fc.record({ op: fc.constant('lineEnds' as const), style: fc.constantFrom('crlf' as const, 'cr' as const) }),
    fc.record({ op: fc.constant('bom' as const) }),
  );
  return fc.array(mutation, { minLength: 1, maxLength: 8 });
}

/** The text after the mutations, in order. */
export function mutate(text: string, mutations: readonly Mutation[]): string {
  let lines = text.split('\n');
  let ends: 'lf' | 'crlf' | 'cr' = 'lf';
  let bom = false;
  const pick = (n: number) => (lines.length ? n % lines.length : 0);
  for (const m of mutations) {
    switch (m.op) {
      case 'delete':
        lines.splice(pick(m.at), 1);
        break;
      case 'duplicate':
        if (lines.length) lines.splice(pick(m.at), 0, lines[pick(m.at)]!);
        break;
      case 'swap': {
        const [a, b] = [pick(m.at), pick(m.with)];
        if (lines.length) [lines[a], lines[b]] = [lines[b]!, lines[a]!];
        break;
      }
      case 'cut':
        // The copy stops here: the rest of the file is gone.
        lines = lines.slice(0, pick(m.at) + 1);
        if (lines.length) lines[lines.length - 1] = lines.at(-1)!.slice(0, m.column);
        break;
      case 'insert': {
        const i = pick(m.at);
        const line = lines[i] ?? '';
        const c = Math.min(m.column, line.length);
        lines[i] = line.slice(0, c) + m.text + line.slice(c);
        break;
      }
      case 'insertLine':
        lines.splice(pick(m.at), 0, m.text);
        break;
      case 'long':
        if (lines.length) lines[pick(m.at)] = `${lines[pick(m.at)]} `.repeat(m.times);
        break;
      case 'trailing':
        if (lines.length) lines[pick(m.at)] += m.text;
        break;
      case 'lineEnds':
        ends = m.style;
        break;
      case 'bom':
        bom = true;
        break;
    }
  }
  const joined = lines.join(ends === 'lf' ? '\n' : ends === 'crlf' ? '\r\n' : '\r');
  return bom ? `\ufeff${joined}` : joined;
}

export type ByteMutation = { op: 'insert'; at: number; bytes: number[] } | { op: 'cut'; at: number } | { op: 'flip'; at: number; byte: number };

/** Bytes that break UTF-8: stray continuation and lead bytes, an encoded surrogate, overlongs, NUL. */
const BAD_BYTES = [[0xff], [0xfe], [0x80], [0xc3], [0xe2, 0x80], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xf0, 0x9f, 0x98], [0xf5, 0x80, 0x80, 0x80], [0x00]];

export const byteMutationArb: fc.Arbitrary<ByteMutation[]> = fc.array(
  fc.oneof(
    fc.record({ op: fc.constant('insert' as const), at: fc.nat(), bytes: fc.constantFrom(...BAD_BYTES) }),
    fc.record({ op: fc.constant('cut' as const), at: fc.nat() }),
    fc.record({ op: fc.constant('flip' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
  ),
  { minLength: 1, maxLength: 4 },
);

export function mutateBytes(bytes: Uint8Array, mutations: readonly ByteMutation[]): Uint8Array {
  let out = Uint8Array.from(bytes);
  for (const m of mutations) {
    const at = out.length ? m.at % out.length : 0;
    if (m.op === 'insert') out = Uint8Array.from([...out.subarray(0, at), ...m.bytes, ...out.subarray(at)]);
    else if (m.op === 'cut') out = out.subarray(0, at);
    else if (out.length) out[at] = m.byte;
  }
  return out;
}

/**
 * fc.assert with the configured runs (and FUZZ_SEED to replay). A failure
 * prints the seed, the path and the shrunk counterexample, and writes the
 * shrunk input to test-artifacts/fuzz/ so it can become a fixture.
 */
export function check<T>(name: string, arb: fc.Arbitrary<T>, property: (value: T) => void, options: CheckOptions<T> = {}): void {
  report(name, fc.check(fc.property(arb, property), { numRuns: options.runs ?? FUZZ_RUNS, ...(SEED === undefined ? {} : { seed: SEED }) }), options);
}

/** `check` for a property that awaits (a whole build). */
export async function checkAsync<T>(name: string, arb: fc.Arbitrary<T>, property: (value: T) => Promise<void>, options: CheckOptions<T> = {}): Promise<void> {
  report(name, await fc.check(fc.asyncProperty(arb, property), { numRuns: options.runs ?? FUZZ_RUNS, ...(SEED === undefined ? {} : { seed: SEED }) }), options);
}

interface CheckOptions<T> {
  runs?: number;
  /** The input a counterexample stands for, written to test-artifacts/fuzz/ to become a fixture. */
  input?: (value: T) => string | Uint8Array;
}

function report<T>(name: string, result: fc.RunDetails<[T]>, options: CheckOptions<T>): void {
  if (!result.failed) return;
  const shrunk = result.counterexample?.[0] as T;
  let saved = '';
  if (options.input && shrunk !== undefined) {
    const dir = join(repoRoot, 'test-artifacts/fuzz');
    mkdirSync(dir, { recursive: true });
    saved = join(dir, `${name.replace(/[^a-z0-9]+/gi, '-')}-${result.seed}.txt`);
    writeFileSync(saved, options.input(shrunk));
  }
  const error = result.errorInstance instanceof Error ? result.errorInstance : new Error(String(result.errorInstance));
  const report = [
    `fuzz property "${name}" failed after ${result.numRuns} runs (${result.numShrinks} shrinks)`,
    `  seed: ${result.seed}   path: ${result.counterexamplePath}   replay: FUZZ_SEED=${result.seed} npm run fuzz`,
    `  shrunk: ${fc.stringify(result.counterexample).slice(0, 2000)}`,
    ...(saved ? [`  input written to ${saved}`] : []),
    `  error: ${error.message.slice(0, 2000)}`,
  ].join('\n');
  console.error(report);
  throw new Error(report, { cause: error });
}
