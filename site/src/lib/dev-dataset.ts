/**
 * The dataset in the dev server (`nuffle dev`): the pages read the data
 * folder themselves on each request, checked as the loader checks it
 * (loader.ts readDataFile: digests, published schemas), instead of through
 * the content layer, whose store reaches a page only after its debounced
 * write to disk and a reload of its module. A request re-reads only what
 * meta.json says changed: an unchanged folder costs reading meta.json; a
 * rebuild that changed one file costs reading that file.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatasetEntries } from './dataset-index.ts';

/** How to read one checked file (loader.ts readDataFile), and which files make the entries, by collection name. */
export interface DevReader {
  readFile: (dir: string, file: string) => unknown;
  files: Readonly<Record<keyof DatasetEntries, string>>;
}

/** The entries of the folder as it is now, and the digest of the meta.json they were read under (what a caller caches on). */
export interface DevEntries {
  metaSha256: string;
  entries: DatasetEntries;
}

/**
 * A reader of a data folder's entries that remembers each file by the
 * digest meta.json gives it. A folder swapped in while it reads (a rebuild
 * landing mid-request) is read again once.
 */
export function createDevReader({ readFile, files }: DevReader): (dir: string) => DevEntries {
  const known = new Map<string, { sha256: string; value: unknown }>();
  const readAll = (dir: string): DevEntries => {
    const metaBytes = readFileSync(join(dir, 'meta.json'));
    const metaSha256 = createHash('sha256').update(metaBytes).digest('hex');
    const digests = new Map(
      ((JSON.parse(metaBytes.toString('utf8')) as { files?: { path: string; sha256: string }[] }).files ?? []).map((f) => [f.path, f.sha256]),
    );
    const entries = Object.fromEntries(
      Object.entries(files).map(([name, file]) => {
        const sha256 = file === 'meta.json' ? metaSha256 : (digests.get(file) ?? '');
        let seen = known.get(file);
        if (seen?.sha256 !== sha256 || sha256 === '') {
          seen = { sha256, value: readFile(dir, file) };
          known.set(file, seen);
        }
        return [name, Array.isArray(seen.value) ? seen.value : [seen.value]];
      }),
    ) as unknown as DatasetEntries;
    return { metaSha256, entries };
  };
  return (dir) => {
    try {
      return readAll(dir);
    } catch {
      return readAll(dir);
    }
  };
}
