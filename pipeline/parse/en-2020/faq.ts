/**
 * The FAQ under an entry: lines [from, to), read by a handler per line kind.
 * Irregularities handled (all found in the 2020 text): `Q.` instead of `Q:`;
 * questions without a page reference; an answer without `A:`; two questions
 * on one line answered by the next two lines; no blank line before the
 * markers; page references such as `(p.75 & 78)`, `(p.41 & p.81)`,
 * `(p.71, dungeon bowl)`.
 */
import { error, warning } from '../../model/diagnostic.ts';
import { ANSWER, kindAt, PAGE_REF, QUESTION, type LineKind } from './classify.ts';
import { at, nextText, unexpected, type Context, type DraftRuling } from './context.ts';
import { parsePages } from './rulings.ts';

/** Reads the line at `index` (and perhaps those after it) into `out`; returns where reading goes on. */
type FaqHandler = (context: Context, index: number, to: number, record: string, out: DraftRuling[]) => number;

export interface Answer {
  text: string;
  /** 0-based index of the answer's last line. */
  line: number;
}

const skip: FaqHandler = (_context, index) => index + 1;

const answerWithoutQuestion: FaqHandler = (context, index) => {
  context.diagnostics.push(
    error({
      reason: 'An answer with no question before it',
      file: context.file,
      place: at(index),
      ruleId: 'en2020/answer-without-question',
      source: 'parse',
      expected: 'a `Q:` line before the `A:` line',
      actual: JSON.stringify(context.lines[index]!.trim().slice(0, 80)),
    }),
  );
  return index + 1;
};

const neither: FaqHandler = (context, index) => {
  context.diagnostics.push(unexpected(context, index, 'text in the FAQ that is neither a question nor an answer'));
  return index + 1;
};

const question: FaqHandler = (context, index, to, record, out) => {
  const parts = questionParts(context, index);
  const { answers, next } = readAnswers(context, index + 1, to);
  out.push(...pairAnswers(context, index, parts, answers, next, record));
  if (answers.length > parts.length) {
    context.diagnostics.push(unexpected(context, answers[parts.length]!.line, 'an answer with no question'));
  }
  return next;
};

/** The FAQ handlers, one per line kind (a marker never reaches them: markers end the FAQ). */
const handle: Readonly<Record<LineKind, FaqHandler>> = {
  blank: skip,
  question,
  answer: answerWithoutQuestion,
  marker: neither,
  category: neither,
  text: neither,
};

export function parseFaq(context: Context, from: number, to: number, record: string): DraftRuling[] {
  const out: DraftRuling[] = [];
  let index = from;
  while (index < to) index = handle[kindAt(context.lines, index)](context, index, to, record, out);
  return out;
}

/**
 * The questions of a question line, page references still on: one, or
 * several (`Q. … ? Q: … ? (p.87)`), with a warning for a `Q.` and for a shared line.
 */
export function questionParts(context: Context, index: number): string[] {
  const text = context.lines[index]!.trim();
  const warn = (reason: string, ruleId: string) => context.diagnostics.push(warning({ reason, file: context.file, place: at(index), ruleId, source: 'parse' }));
  if (QUESTION.exec(text)![1] === '.') warn('Question marked `Q.` instead of `Q:`; read as a question', 'en2020/question-mark-variant');
  // Split at the one space before each mark (the rest of a run of spaces is
  // trimmed with the part): a `\s+` there was retried at every space.
  const parts = text.split(/\s(?=Q[:.]\s)/).map((part) => QUESTION.exec(part.trimStart())![2]!.trim());
  if (parts.length > 1) {
    warn(`${parts.length} questions on one line; each is paired with the answers that follow, in order`, 'en2020/questions-on-one-line');
  }
  return parts;
}

/**
 * The answers after a question, from `from`: `A:` lines, each with the lines
 * that continue it, up to a blank line or the next question. Blank lines
 * between a question and its `A:` line are tolerated; a first line without
 * `A:` is read as the answer, with a warning.
 */
export function readAnswers(context: Context, from: number, to: number): { answers: Answer[]; next: number } {
  const { lines } = context;
  let index = from;
  let peek = index;
  while (peek < to && kindAt(lines, peek) === 'blank') peek++;
  if (peek < to && kindAt(lines, peek) === 'answer') index = peek;
  const answers: Answer[] = [];
  while (index < to && kindAt(lines, index) !== 'blank' && kindAt(lines, index) !== 'question') {
    const line = lines[index]!.trim();
    const answer = ANSWER.exec(line);
    if (answer) {
      answers.push({ text: answer[1]!.trim(), line: index });
    } else if (answers.length === 0) {
      context.diagnostics.push(
        warning({
          reason: 'Answer without `A:`; read as the answer to the question above',
          file: context.file,
          place: at(index),
          ruleId: 'en2020/answer-mark-missing',
          source: 'parse',
        }),
      );
      answers.push({ text: line, line: index });
    } else {
      // Continuation of the previous answer.
      const previous = answers.at(-1)!;
      previous.text = `${previous.text} ${line}`;
      previous.line = index;
    }
    index++;
  }
  return { answers, next: index };
}

/**
 * Each question of the line at `qLine` with its answer, in order. A page
 * reference sits at the end of its question; one at the end of a shared line
 * covers all its questions. A question left without an answer is an error.
 */
export function pairAnswers(
  context: Context,
  qLine: number,
  parts: readonly string[],
  answers: readonly Answer[],
  next: number,
  record: string,
): DraftRuling[] {
  const out: DraftRuling[] = [];
  const shared = PAGE_REF.exec(parts.at(-1)!);
  parts.forEach((part, n) => {
    const ref = PAGE_REF.exec(part) ?? shared;
    const questionText = part.replace(PAGE_REF, '').trim();
    const answer = answers[n];
    if (!answer) {
      context.diagnostics.push(
        error({
          reason: `Question has no answer: "${questionText.slice(0, 80)}"`,
          file: context.file,
          place: at(qLine),
          ruleId: 'en2020/question-without-answer',
          source: 'parse',
          expected: 'an `A:` line after the question',
          actual: nextText(context, next),
        }),
      );
      return;
    }
    out.push({ question: questionText, answer: answer.text, ...parsePages(ref?.[1]?.trim() ?? null), lines: [qLine + 1, answer.line + 1], record });
  });
  return out;
}
