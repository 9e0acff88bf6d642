/**
 * The build's shape (build.ts, build/annotations.ts, build/stages.ts): the
 * table of curated files read in one loop, and the stages run in order.
 */
import { describe, expect, it } from 'vitest';
import { buildDataset, STAGES, type BuildInput } from '../pipeline/build.ts';
import { ANNOTATION_FILES, readAnnotations } from '../pipeline/build/annotations.ts';
import { readProject } from '../pipeline/cli.ts';
import type { Diagnostic } from '../pipeline/model/diagnostic.ts';
import { createValidator } from '../pipeline/validate/schemas.ts';
import { repoRoot } from './helpers.ts';

const project = readProject(repoRoot) as BuildInput;
const validator = createValidator(project.schemas);
const broken = (input: BuildInput, key: keyof BuildInput['annotations']): BuildInput => ({
  ...input,
  annotations: { ...input.annotations, [key]: { ...input.annotations[key], text: 'not: [closed\n' } },
});

describe('the curated files', () => {
  it('are one table row each: the manifest and every annotation file of the build input', () => {
    expect(Object.keys(ANNOTATION_FILES).sort()).toEqual(['manifest', ...Object.keys(project.annotations)].sort());
  });
  it('are read with their file, each under its key', () => {
    const read = readAnnotations(project, validator, []);
    expect(Object.entries(read!).map(([key, annotation]) => [key, annotation.file.path])).toEqual(
      Object.entries(ANNOTATION_FILES).map(([key, { file }]) => [key, file(project).path]),
    );
  });
  it('report every broken file, not only the first, and give no values', () => {
    const diagnostics: Diagnostic[] = [];
    const read = readAnnotations(broken(broken(project, 'mentions'), 'glossary'), validator, diagnostics);
    expect([read, [...new Set(diagnostics.map((d) => d.file))]]).toEqual([null, [project.annotations.mentions.path, project.annotations.glossary.path]]);
  });
});

describe('the stages', () => {
  it('have one name each', () => {
    expect(new Set(STAGES.names).size).toBe(STAGES.names.length);
  });
  it('each run once, in order, and are timed under their name', () => {
    const timings = new Map<string, number>();
    expect(buildDataset({ ...project, timings }).summary).not.toBeNull();
    expect([...timings.keys()]).toEqual(STAGES.names);
  });
  it('stop at the first that fails: a broken annotation file runs no stage after reading', () => {
    const timings = new Map<string, number>();
    const result = buildDataset({ ...broken(project, 'mentions'), timings });
    expect([result.files.size, [...timings.keys()]]).toEqual([0, ['compile schemas', 'read annotations']]);
  });
});
