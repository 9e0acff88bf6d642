/**
 * What a build reads and returns: the contract between the edges (the
 * commands, which read the project and write dist/) and the orchestrator
 * (build.ts) with its stages (build/stages.ts). Its own module, so that the
 * stages need not import the orchestrator that lists them.
 */
import type { StageMemo } from '../model/memo.ts';
import type { UnlinkedRecord } from '../link/crosswalk.ts';
import type { Diagnostic } from '../model/diagnostic.ts';
import type { SchemaFile } from '../model/generate-types.ts';
import type { Concept, CrosswalkRow, Edition, GlossaryTerm, ManifestSource, Skill } from '../model/schema-types.ts';
import type { LockedId, PublishedId } from '../validate/ids.ts';

export interface TextFile {
  /** Path relative to the project root. */
  path: string;
  text: string;
}

export interface BuildInput {
  manifest: TextFile;
  /** Raw sources as bytes, by path relative to the project root (`sources/raw/…`). Digests are of these bytes. */
  raw: ReadonlyMap<string, Uint8Array>;
  annotations: {
    errata: TextFile;
    mentions: TextFile;
    crosswalk: TextFile;
    glossary: TextFile;
    inducements: TextFile;
    compulsory: TextFile;
    migrations: TextFile;
    aliases?: TextFile;
    randomTables?: TextFile;
  };
  /** sources/releases/<version>.json: each release's changes, written by `nuffle release`, published as dist/data/changes/<version>.json. */
  releases?: readonly TextFile[];
  /** sources/ids.lock, or null when the project has none yet. */
  lock: TextFile | null;
  /** The `version` of the project's package.json, which must be the manifest's dataset version; null when there is none (a copy of sources/ only). */
  packageVersion?: string | null;
  /**
   * The records of the previous build (its dist/data/skills.json), if any:
   * evidence for rename hints when a locked id disappears. It changes only
   * the wording of a failed build's diagnostics, never a result.
   */
  previous?: readonly Skill[];
  /** `--strict`: crosswalk rows written by `nuffle suggest --write` and not reviewed yet are errors, not warnings. */
  strict?: boolean;
  schemas: readonly SchemaFile[];
  /**
   * Results of per-file stages from earlier builds (model/memo.ts): a YAML
   * file, a source or a plain text whose inputs are unchanged is recalled,
   * not recomputed; what this build computes is remembered. Optional: the
   * result is the same with or without it.
   */
  memo?: StageMemo;
  /** Filled, when given, with each stage's time in milliseconds, by stage name: what `--watch` shows. */
  timings?: Map<string, number>;
}

interface BuildSummary {
  /** The dataset version built (the manifest's). */
  datasetVersion: string;
  editions: Edition[];
  randomTables: number;
  files: number;
}

export interface BuildResult {
  /** Text files for dist/data, by path relative to it; empty when the build failed. */
  files: Map<string, string>;
  /** Binary files for dist/data (the SQLite database); empty when the build failed. */
  assets: Map<string, Uint8Array>;
  diagnostics: Diagnostic[];
  summary: BuildSummary | null;
  /** Every id the build publishes, and the lock's entries: what `nuffle release` locks. */
  ids: { published: PublishedId[]; locked: LockedId[] };
  /** The linked model, also when the build failed after linking: what `nuffle suggest` works on. */
  model: LinkedModel | null;
}

export interface LinkedModel {
  records: Skill[];
  concepts: Concept[];
  crosswalk: CrosswalkRow[];
  unlinked: UnlinkedRecord[];
  glossary: GlossaryTerm[];
  sources: ManifestSource[];
}
