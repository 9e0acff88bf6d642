/**
 * A stage memo: results of pure, per-file stages (a YAML file read, a source
 * parsed, a Markdown text's plain text) kept under a digest of everything the
 * stage reads, so a build after an edit redoes only the files that changed
 * (and Markdown serialised from a tree, by the tree).
 * The orchestrator asks and fills it; the command line loads it before a
 * build and stores what the build used after it (cache/build-cache.ts).
 * Values must survive JSON: `remember` refuses any that would not read back
 * equal, so a replayed value is always the value the stage computed. Values
 * are kept as JSON text and parsed afresh on every recall, so nothing a build
 * does to a recalled value reaches the memo.
 */
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';

/**
 * The key of a memo entry: sha256 of the JSON of everything the stage reads.
 * JSON frames each part (no two lists of parts collide) and keeps lone
 * surrogates apart, which UTF-8 would fold into one U+FFFD.
 */
export function memoKey(...parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export type MemoStage = 'yaml' | 'parse' | 'plain' | 'markdown' | 'readBack';

export interface StageMemo {
  /** The stored value, or undefined. Marks the entry as used by this build. */
  recall(stage: MemoStage, key: string): unknown;
  /** Store a value computed by this build; false when it would not survive JSON (it is then not kept). */
  remember(stage: MemoStage, key: string, value: unknown): boolean;
  /** Entries (JSON text) recalled or remembered since the memo was made: what a later build may need. */
  used(): Record<MemoStage, Record<string, string>>;
  /**
   * The stored entries and this build's, this build's winning: what to keep
   * after a build that stopped early (a YAML error before any source was
   * parsed), so the next one still finds the files it did not reach.
   */
  merged(): Record<MemoStage, Record<string, string>>;
  /** How many recalls found a value, and how many did not. */
  readonly stats: { hits: number; misses: number };
}

const STAGES: readonly MemoStage[] = ['yaml', 'parse', 'plain', 'markdown', 'readBack'];

/** A memo over `stored` (JSON text by key, by stage): what an earlier build's `used()` returned. */
export function createMemo(stored: Partial<Record<MemoStage, Record<string, string>>> = {}): StageMemo {
  const used = Object.fromEntries(STAGES.map((stage) => [stage, new Map<string, string>()])) as Record<MemoStage, Map<string, string>>;
  const stats = { hits: 0, misses: 0 };
  return {
    stats,
    recall(stage, key) {
      const table = stored[stage];
      const text = table && Object.hasOwn(table, key) ? table[key] : undefined;
      if (typeof text === 'string') {
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          // A damaged entry is a miss (and is not handed on).
          stats.misses++;
          return undefined;
        }
        stats.hits++;
        used[stage].set(key, text);
        return value;
      }
      stats.misses++;
      return undefined;
    },
    remember(stage, key, value) {
      const text = JSON.stringify(value);
      if (text === undefined || !isDeepStrictEqual(JSON.parse(text), value)) return false;
      used[stage].set(key, text);
      return true;
    },
    used() {
      return Object.fromEntries(STAGES.map((stage) => [stage, Object.fromEntries(used[stage])])) as Record<MemoStage, Record<string, string>>;
    },
    merged() {
      return Object.fromEntries(
        STAGES.map((stage) => [
          stage,
          { ...Object.fromEntries(Object.entries(stored[stage] ?? {}).filter(([, text]) => typeof text === 'string')), ...Object.fromEntries(used[stage]) },
        ]),
      ) as Record<MemoStage, Record<string, string>>;
    },
  };
}
