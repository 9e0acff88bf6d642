import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cards, poppler, realBundle, tempDir, writeDataDir } from './helpers.ts';

// A team name is a roster value: it reaches the PDF's Info dictionary and the cards' text.
// pdfkit writes every string itself (PDFObject.convert), so a name that looks like PDF syntax
// stays a string: it never closes its string early to add a key, an object or an action.
const HOSTILE = 'x) /OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >> /Foo (';

/** The text of the object the trailer names by `key` (`/Root 3 0 R` → `3 0 obj … endobj`). */
function objectOf(pdf: string, key: 'Info' | 'Root'): string {
  const ref = new RegExp(`/${key} (\\d+) 0 R`).exec(pdf.slice(pdf.lastIndexOf('trailer')))?.[1];
  const start = pdf.indexOf(`\n${ref} 0 obj`);
  if (ref === undefined || start < 0) throw new Error(`no /${key} object`);
  return pdf.slice(start, pdf.indexOf('endobj', start));
}

describe('PDF strings', () => {
  it('a team name that looks like PDF syntax is written as one string', async () => {
    const dir = tempDir();
    const file = join(dir, 'deck.pdf');
    const bundle = realBundle();
    const skill = bundle.skills.find((record) => record.lang === 'en');
    if (!skill) throw new Error('the dataset has no English record');
    const run = await cards(['--data', writeDataDir(bundle), '--skills', skill.id, '--team', HOSTILE, '-o', file]);
    expect(run.code, run.stderr).toBe(0);
    const title = /^Title:\s+(.*)$/m.exec(poppler('pdfinfo', [file]))?.[1] ?? '';
    expect(title).toContain(HOSTILE);
    const bytes = readFileSync(file, 'latin1');
    const info = objectOf(bytes, 'Info');
    expect(info.match(/\/[A-Za-z]+/g)?.sort()).toEqual([
      '/Author',
      '/CreationDate',
      '/Creator',
      '/DatasetVersion',
      '/Keywords',
      '/ModDate',
      '/Producer',
      '/Subject',
      '/Title',
    ]);
    expect(
      objectOf(bytes, 'Root')
        .match(/\/[A-Za-z]+/g)
        ?.sort(),
    ).toEqual(['/Catalog', '/Lang', '/Names', '/Pages', '/Type', '/ViewerPreferences']);
    expect(poppler('pdfinfo', ['-js', file])).toBe('');
  });
});
