/**
 * Sums a CPU log written by pipeline/scripts/cpu-log.ts: each process's last
 * line, charged to the test file of the Vitest worker it descends from (or
 * to its own command when none), largest first; then the child processes by
 * command. Usage: node pipeline/scripts/cpu-report.ts LOG [N]
 */
import { readFileSync } from 'node:fs';

interface Line {
  pid: number;
  ppid: number;
  argv: string;
  files: string[];
  cpuSeconds: number;
}

const [file, count = '30'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node pipeline/scripts/cpu-report.ts LOG [N]');
  process.exit(2);
}
const last = new Map<number, Line>();
for (const text of readFileSync(file, 'utf8').split('\n')) {
  if (!text) continue;
  const line = JSON.parse(text) as Line;
  const before = last.get(line.pid);
  last.set(line.pid, { ...line, files: line.files.length > 0 ? line.files : (before?.files ?? []) });
}

/** The test file a process works for: its own, or its nearest ancestor's. */
function owner(line: Line): string {
  const seen = new Set<number>();
  for (let at: Line | undefined = line; at && !seen.has(at.pid); at = last.get(at.ppid)) {
    seen.add(at.pid);
    if (at.files.length > 0) return at.files.join(' ');
  }
  return `(${line.argv.slice(0, 70)})`;
}

/** A child's command, without its temporary folders: `cli.ts build --only data`. */
const command = (argv: string) =>
  argv
    .replace(/^\S*\//, '')
    .replace(/\s(--(root|out|data)\s)?\/tmp\/\S+/g, '')
    .slice(0, 70);

function table(title: string, key: (line: Line) => string, only: (line: Line) => boolean) {
  const sums = new Map<string, { cpu: number; n: number }>();
  for (const line of last.values()) {
    if (!only(line)) continue;
    const sum = sums.get(key(line)) ?? { cpu: 0, n: 0 };
    sum.cpu += line.cpuSeconds;
    sum.n += 1;
    sums.set(key(line), sum);
  }
  const total = [...sums.values()].reduce((all, { cpu }) => all + cpu, 0);
  console.log(`${title}: ${total.toFixed(0)} s of CPU`);
  for (const [name, { cpu, n }] of [...sums].sort((a, b) => b[1].cpu - a[1].cpu).slice(0, Number(count))) {
    console.log(`${cpu.toFixed(0).padStart(6)} s ${String(n).padStart(4)} ${name}`);
  }
}

table('by test file (its worker and every process it started)', owner, () => true);
table(
  'child processes, by command',
  (line) => command(line.argv),
  (line) => line.files.length === 0,
);
