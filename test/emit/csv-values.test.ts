/**
 * dist/data/csv/ of the real build: every CSV table is RFC 4180, valid
 * against its Table Schema, and holds the values of the JSON it comes from
 * (the checks: test/emit/csv-suite.ts).
 */
import { realBuild } from '../helpers.ts';
import { describeCsvTables } from './csv-suite.ts';

describeCsvTables(() => {
  const build = realBuild();
  return new Map<string, string | Uint8Array>([...build.files, ...build.assets]);
});
