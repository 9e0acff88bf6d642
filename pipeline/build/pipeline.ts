/**
 * The build's pipeline: stages of one signature, each a function from what
 * the stages before it made to what it makes (mtgjson5's pipeline/core.py:
 * named stages, piped in order, each timed). A stage names the values it
 * reads as its argument's type, so a stage listed before the one that makes
 * what it reads does not type-check. Its output is its typed return value,
 * merged into what the next stages read; its diagnostics are collected.
 */
import { hasErrors, type Diagnostic } from '../model/diagnostic.ts';

/** What a stage gives back: what it made and what it found, or that the build stops here (with what it found). */
export type Step<Out> = { readonly made: Out; readonly diagnostics: readonly Diagnostic[] } | { readonly stop: readonly Diagnostic[] };

/** A stage's output, with its diagnostics (none by default). */
export const made = <Out>(out: Out, diagnostics: readonly Diagnostic[] = []): Step<Out> => ({ made: out, diagnostics });

/** The build stops at this stage, with these diagnostics (at least one an error, to say why). */
export const stop = (diagnostics: readonly Diagnostic[]): Step<never> => ({ stop: diagnostics });

interface StageEntry {
  readonly name: string;
  readonly run: (made: never) => Step<object>;
  /** Stop after this stage when any diagnostic so far is an error (this stage's or an earlier one's): what follows would publish them. */
  readonly stopOnErrors: boolean;
}

/** How a run ended: every stage ran (`done`), or one stopped it; what the stages made, and every diagnostic. */
export type Run<Made> =
  | { readonly done: true; readonly made: Made; readonly diagnostics: Diagnostic[] }
  | { readonly done: false; readonly made: Partial<Made>; readonly diagnostics: Diagnostic[] };

/** Stages in order, typed by what they have made so far (`Made`). */
export class Pipeline<Start extends object, Made extends object = Start> {
  private readonly stages: readonly StageEntry[];

  private constructor(stages: readonly StageEntry[]) {
    this.stages = stages;
  }

  /** The stages' names, in order. */
  get names(): string[] {
    return this.stages.map((s) => s.name);
  }

  /** A pipeline with no stage yet, which starts from a `Start`. */
  static from<Start extends object>(): Pipeline<Start> {
    return new Pipeline<Start>([]);
  }

  /** The pipeline with `stage` after the others: it reads what they made, and adds its own. */
  pipe<Out extends object>(name: string, stage: (made: Made) => Step<Out>, options: { stopOnErrors?: boolean } = {}): Pipeline<Start, Made & Out> {
    const entry: StageEntry = { name, run: stage as (made: never) => Step<object>, stopOnErrors: options.stopOnErrors === true };
    return new Pipeline<Start, Made & Out>([...this.stages, entry]);
  }

  /** Runs the stages in order, each timed into `timings` under its name; stops at the first stage that says so. */
  run(start: Start, timings?: Map<string, number>): Run<Made> {
    let so: object = { ...start };
    const diagnostics: Diagnostic[] = [];
    for (const { name, run, stopOnErrors } of this.stages) {
      const started = performance.now();
      const step = (run as (made: object) => Step<object>)(so);
      timings?.set(name, performance.now() - started);
      if ('stop' in step) {
        diagnostics.push(...step.stop);
        return { done: false, made: so as Partial<Made>, diagnostics };
      }
      diagnostics.push(...step.diagnostics);
      so = { ...so, ...step.made };
      if (stopOnErrors && hasErrors(diagnostics)) return { done: false, made: so as Partial<Made>, diagnostics };
    }
    return { done: true, made: so as Made, diagnostics };
  }
}
