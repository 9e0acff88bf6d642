/**
 * The build's pipeline (pipeline/build/pipeline.ts) on literal stages: each
 * stage reads what the stages before it made and adds its own, runs once, in
 * order, timed under its name; a stage that stops ends the run, and so does
 * a stage marked `stopOnErrors` when any diagnostic so far is an error; a
 * stage listed before the one that makes what it reads is a type error.
 */
import { describe, expect, it } from 'vitest';
import { made, Pipeline, stop } from '../pipeline/build/pipeline.ts';
import { compileSchemas, linkAllInducements } from '../pipeline/build/stages.ts';
import type { BuildInput } from '../pipeline/build/types.ts';
import type { Diagnostic } from '../pipeline/model/diagnostic.ts';

const problem = (reason: string, fatal: boolean): Diagnostic => ({ reason, file: 'x.yaml', place: null, ruleId: 'test/problem', source: 'validate', fatal });

const counting = () =>
  Pipeline.from<{ start: number }>()
    .pipe('double', ({ start }) => made({ doubled: start * 2 }))
    .pipe('add', ({ start, doubled }) => made({ sum: start + doubled }, [problem('a warning', false)]))
    .pipe('describe', ({ sum }) => made({ text: `sum ${sum}` }));

describe('the pipeline', () => {
  it('hands each stage what the stages before it made, and returns everything made', () => {
    const run = counting().run({ start: 3 });
    expect(run).toEqual({ done: true, made: { start: 3, doubled: 6, sum: 9, text: 'sum 9' }, diagnostics: [problem('a warning', false)] });
  });

  it('times each stage once, in order, under its name', () => {
    const timings = new Map<string, number>();
    counting().run({ start: 1 }, timings);
    expect([...timings.keys()]).toEqual(['double', 'add', 'describe']);
    expect(counting().names).toEqual(['double', 'add', 'describe']);
    for (const time of timings.values()) expect(time).toBeGreaterThanOrEqual(0);
  });

  it('ends the run at a stage that stops, with what was made before it and every diagnostic so far', () => {
    const ran: string[] = [];
    const run = counting()
      .pipe('refuse', () => {
        ran.push('refuse');
        return stop([problem('broken', true)]);
      })
      .pipe('after', () => {
        ran.push('after');
        return made({ never: true });
      })
      .run({ start: 2 });
    expect(run).toEqual({
      done: false,
      made: { start: 2, doubled: 4, sum: 6, text: 'sum 6' },
      diagnostics: [problem('a warning', false), problem('broken', true)],
    });
    expect(ran).toEqual(['refuse']);
  });

  it('goes on past an error, unless the stage is marked to stop on errors: then it stops after that stage, keeping what it made', () => {
    const erring = Pipeline.from<{ start: number }>().pipe('err', () => made({ one: 1 }, [problem('an error', true)]));
    expect(erring.pipe('next', () => made({ two: 2 })).run({ start: 0 })).toMatchObject({ done: true, made: { one: 1, two: 2 } });
    const gated = erring.pipe('gate', () => made({ gate: true }), { stopOnErrors: true }).pipe('next', () => made({ two: 2 }));
    expect(gated.run({ start: 0 })).toEqual({ done: false, made: { start: 0, one: 1, gate: true }, diagnostics: [problem('an error', true)] });
  });

  it('does not stop a stage marked to stop on errors for warnings', () => {
    const warned = counting()
      .pipe('gate', () => made({}), { stopOnErrors: true })
      .pipe('last', () => made({ last: true }));
    expect(warned.run({ start: 1 }).done).toBe(true);
  });

  it('lets a later stage replace a value an earlier one made (the release adds to the JSON files)', () =>
    expect(
      Pipeline.from<{ files: string[] }>()
        .pipe('more', ({ files }) => made({ files: [...files, 'b'] }))
        .run({ files: ['a'] }).made,
    ).toEqual({ files: ['a', 'b'] }));

  it('type-checks the build’s stages only in order: one listed before the stage that makes what it reads is a type error', () => {
    const wrong = Pipeline.from<{ input: BuildInput }>()
      .pipe('compile schemas', compileSchemas)
      // @ts-expect-error linkAllInducements reads the records and concepts that the link stage makes, and the annotations read after the schemas
      .pipe('link inducements', linkAllInducements);
    expect(wrong.names).toEqual(['compile schemas', 'link inducements']);
  });
});
