/**
 * A changelog for people: the one-line summary the CLI prints, and CHANGES.md
 * (word diffs as ~~removed~~ and **added**). Pure functions of `Changelog`.
 */
import { CHANGE_KINDS, type Change, type ChangeKind, type Changelog, type WordPart } from './compare.ts';

const LABEL: Record<ChangeKind, [string, string]> = {
  // First: a new rules revision shows here (which edition gives the current rules).
  'edition-added': ['edition added', 'Editions added'],
  'edition-removed': ['edition removed', 'Editions removed'],
  'edition-changed': ['edition changed', 'Editions changed'],
  'record-added': ['record added', 'Records added'],
  'record-removed': ['record removed', 'Records removed'],
  'record-changed': ['record changed', 'Records changed'],
  'record-renamed': ['record renamed', 'Records renamed'],
  'record-merged': ['record merged', 'Records merged'],
  'crosswalk-added': ['row added to the crosswalk', 'Crosswalk rows added'],
  'crosswalk-changed': ['row of the crosswalk changed', 'Crosswalk changes'],
  'concept-added': ['concept added', 'Concepts added'],
  'concept-removed': ['concept removed', 'Concepts removed'],
  'concept-changed': ['concept changed', 'Concepts changed'],
  'ruling-added': ['ruling added', 'Rulings added'],
  'ruling-removed': ['ruling removed', 'Rulings removed'],
  'ruling-changed': ['ruling changed', 'Rulings changed'],
  'slot-moved': ['slot moved', 'Random-table slots moved'],
  'inducement-added': ['inducement added', 'Inducements added'],
  'inducement-removed': ['inducement removed', 'Inducements removed'],
  'inducement-changed': ['inducement changed', 'Inducements changed'],
  'price-changed': ['price changed', 'Price lists changed'],
  'league-added': ['league added', 'Leagues added'],
  'league-removed': ['league removed', 'Leagues removed'],
  'league-changed': ['league changed', 'Leagues changed'],
  'migration-added': ['id migrated', 'Ids migrated'],
};

/** `5 changes (0.1.1 → 0.2.0): 1 record added, 1 record changed, …` (and `; schema 2.2.0 → 3.0.0` when the contract changed). */
export function summaryLine(log: Changelog): string {
  const total = log.changes.length;
  const versions = `${log.from.datasetVersion} → ${log.to.datasetVersion}`;
  const schema = log.from.schemaVersion !== log.to.schemaVersion ? `; schema ${log.from.schemaVersion} → ${log.to.schemaVersion}` : '';
  if (!total) return `no record changed (${versions})${schema}`;
  const parts = CHANGE_KINDS.filter((k) => log.counts[k]).map((k) => {
    const n = log.counts[k]!;
    const [one] = LABEL[k];
    // Several: the first word in the plural (every label has two words or more).
    return `${n} ${n === 1 ? one : one.replace(' ', 's ')}`;
  });
  return `${total} change${total === 1 ? '' : 's'} (${versions}): ${parts.join(', ')}${schema}`;
}

const escapeMarkdown = (text: string) => text.replace(/([\\`*_~[\]<>|])/g, '\\$1');
export function wordsMarkdown(parts: readonly WordPart[]): string {
  return parts
    .map((p, i) => {
      const text = escapeMarkdown(p.value);
      if (p.op === 'same' || !p.value.trim()) return text;
      const core = text.trim();
      const lead = text.slice(0, text.length - text.trimStart().length);
      const trail = text.slice(text.trimEnd().length);
      if (p.op === 'removed') return `${lead}~~${core}~~${trail}`;
      // A replacement reads "~~old~~ **new**": keep a space between the two marks.
      const gap = parts[i - 1]?.op === 'removed' && !lead && !/\s$/.test(parts[i - 1]!.value) ? ' ' : '';
      return `${gap}${lead}**${core}**${trail}`;
    })
    .join('')
    .replace(/\n+/g, ' ');
}

function changeMarkdown(change: Change): string {
  const lines = [`- ${escapeMarkdown(change.summary)}`];
  for (const field of change.fields) {
    if (field.words) lines.push(`  - \`${field.field}\`: ${wordsMarkdown(field.words)}`);
    // A slot's move and a price item added or removed whole are said by the summary line.
    else if (change.kind !== 'slot-moved' && field.field !== 'item')
      lines.push(`  - \`${field.field}\`: \`${JSON.stringify(field.before)}\` → \`${JSON.stringify(field.after)}\``);
  }
  return lines.join('\n');
}

export function changesMarkdown(log: Changelog): string {
  const out = [`# Changes ${log.from.datasetVersion} → ${log.to.datasetVersion}`, '', summaryLine(log), ''];
  if (log.from.schemaVersion !== log.to.schemaVersion)
    out.push(`Schema ${log.from.schemaVersion} → ${log.to.schemaVersion}: a new contract (docs/DATA.md, "Versions", says what changed).`, '');
  if (log.changes.some((c) => c.fields.some((f) => f.words))) out.push('Word changes read ~~removed~~ **added**.', '');
  if (log.warnings.length) out.push('## To check', '', ...log.warnings.map((w) => `- ${escapeMarkdown(w)}`), '');
  for (const kind of CHANGE_KINDS) {
    const changes = log.changes.filter((c) => c.kind === kind);
    if (!changes.length) continue;
    out.push(`## ${LABEL[kind][1]}`, '', ...changes.map(changeMarkdown), '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
