/**
 * Each mutated file's score from Stryker's JSON reports (the mutation-testing
 * report schema): killed and timed-out mutants over all valid ones, where a
 * survivor and a mutant no test covers both count against the score.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

interface Mutant {
  readonly status: string;
}
interface Report {
  readonly files: Readonly<Record<string, { readonly mutants: readonly Mutant[] }>>;
}

export const reportFile = (root: string, area: string): string => join(root, 'test-artifacts/mutation', `${area}.json`);

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

interface FileScore {
  readonly file: string;
  readonly detected: number;
  readonly survived: number;
  readonly noCoverage: number;
  /** Percent of valid mutants detected; null when the file has none. */
  readonly score: number | null;
}

function fileScores(report: Report, root: string): FileScore[] {
  return Object.entries(report.files).map(([file, { mutants }]) => {
    const count = (status: string) => mutants.filter((m) => m.status === status).length;
    const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
    const valid = detected + mutants.filter((m) => UNDETECTED.has(m.status)).length;
    return {
      file: file.startsWith('/') ? relative(root, file) : file,
      detected,
      survived: count('Survived'),
      noCoverage: count('NoCoverage'),
      score: valid === 0 ? null : Math.floor((1000 * detected) / valid) / 10,
    };
  });
}

export function printScores(reports: readonly { name: string; file: string }[]): void {
  const root = join(import.meta.dirname, '../..');
  console.log('\n| area | file | score | detected | survived | no coverage |\n|---|---|---|---|---|---|');
  for (const { name, file } of reports) {
    for (const s of fileScores(JSON.parse(readFileSync(file, 'utf8')) as Report, root)) {
      console.log(`| ${name} | ${s.file} | ${s.score === null ? 'n/a' : `${s.score.toFixed(1)} %`} | ${s.detected} | ${s.survived} | ${s.noCoverage} |`);
    }
  }
}
