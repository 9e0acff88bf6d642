/**
 * The fuzzing's two paces (issue 37, item 3): npm test runs a fixed, small
 * number of runs per property from one fixed seed, the same inputs every
 * time; `npm run fuzz` sets FUZZ_RUNS for the long campaign.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN, FIXED_SEED, FUZZ_RUNS, FUZZ_SEED, fuzzRuns } from './mutations.ts';

describe.skipIf(CAMPAIGN || process.env.FUZZ_SEED !== undefined)('in npm test', () => {
  it('runs each property a fixed, small number of times, a costly one fewer', () => {
    expect(FUZZ_RUNS).toBe(50);
    expect(fuzzRuns(12)).toBe(12);
  });

  it('starts every property from the fixed seed: the same inputs on every run', () => {
    expect(FUZZ_SEED).toBe(FIXED_SEED);
    expect(fc.readConfigureGlobal().seed).toBe(FIXED_SEED);
    expect(fc.sample(fc.string(), 20)).toEqual(fc.sample(fc.string(), 20));
  });
});

describe.runIf(CAMPAIGN)('in the long campaign (npm run fuzz)', () => {
  it('runs FUZZ_RUNS per property, a costly one too', () => {
    expect(FUZZ_RUNS).toBe(Number(process.env.FUZZ_RUNS));
    expect(fuzzRuns(12)).toBe(FUZZ_RUNS);
  });
});
