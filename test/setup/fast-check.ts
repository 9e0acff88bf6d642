/**
 * setupFiles of every project: in npm test, every fast-check property of the
 * suite starts from one fixed seed (test/fuzz/mutations.ts), so a run is the
 * same run every time; `npm run fuzz` (FUZZ_RUNS set) draws a fresh seed, and
 * FUZZ_SEED replays one. A property that names its own seed keeps it.
 */
import fc from 'fast-check';
import { FUZZ_SEED } from '../fuzz/mutations.ts';

if (FUZZ_SEED !== undefined) fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: FUZZ_SEED });
