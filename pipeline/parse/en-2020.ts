/**
 * Parser for the English 2020 skills & traits text
 * (sources/raw/en-2020-skills-traits.txt).
 *
 * Shape of an entry, as the text has it:
 *
 *   Name (parameter)*        ← `*` marks a compulsory skill or trait
 *   Category                 ← Agility | General | Mutations | Passing | Strength | Traits
 *   rule text …              ← paragraphs, `•`/`-` bullets, nested `1.` lists
 *   Q: question (p.75 & 78)  ← FAQ, irregular (see parseFaq)
 *   A: answer
 *   Bloodbowl…               ← random-table markers (see parseMarker)
 *   Dungeonbowl…
 *
 * Output: one Skill per entry and one Ruling per distinct question, with
 * provenance. Linking rulings to the entries their questions name happens in
 * the link stage.
 */
import { createHash } from 'node:crypto';
import { error, excerpt, warning, type Diagnostic } from '../model/diagnostic.ts';
import type { Category, Game, Kind, RandomSlot, Roll, Ruling, Skill } from '../model/schema-types.ts';
import { byId as byIdOrder, compare } from '../model/order.ts';
import { splitDisplayName } from '../model/names.ts';
import { foldSpaces } from '../model/fold.ts';
import { slugify } from '../model/slug.ts';
import type { SourceInput } from '../model/source.ts';
import type { ParseResult, SlotLine } from '../model/parse-result.ts';
import { errataWithin } from './errata.ts';
import { linesToMdast, mdastToMarkdown, readsBack, type SourceLine } from './markdown.ts';



export const EN2020_CATEGORIES: Readonly<Record<string, { category: Category; kind: Kind }>> = {
  Agility: { category: 'agility', kind: 'skill' },
  General: { category: 'general', kind: 'skill' },
  Mutations: { category: 'mutation', kind: 'skill' },
  Passing: { category: 'passing', kind: 'skill' },
  Strength: { category: 'strength', kind: 'skill' },
  Traits: { category: 'trait', kind: 'trait' },
};

const MARKER = /^(Bloodbowl|Dungeonbowl)(.*)$/i;
const MARKER_SLOT = /^random skill:\s*1d6\s*"\((1-3|4-6)\)"\s*\+\s*1d6\s*"([1-6])"$/;
// The text after the mark is trimmed where it is used: no `\s*` before `(.*)`, which both accept (quadratic).
const QUESTION = /^Q([:.])(.*)$/;
const ANSWER = /^A[:.](.*)$/;
// `(?<!\s)` lets a match start only where a run of spaces starts: no quadratic retry inside a long run.
const PAGE_REF = /(?<!\s)\s*\(\s*p\.([^()]*)\)\s*$/;

const GAMES: Record<string, Game> = { bloodbowl: 'blood-bowl', dungeonbowl: 'dungeon-bowl' };

interface Membership {
  line: number;
  slot: { roll: Roll; d6: number } | null;
}

interface DraftRuling {
  question: string;
  answer: string;
  pages: number[];
  pageNote: string | null;
  lines: [number, number];
  record: string;
}

export function parseEn2020(input: SourceInput): ParseResult {
  const { manifest, lines } = input;
  const file = manifest.file;
  const edition = manifest.edition.id;
  const diagnostics: Diagnostic[] = [];
  const at = (index: number) => ({ line: index + 1 });
  const isBlank = (index: number) => (lines[index] ?? '').trim() === '';
  const isMarker = (index: number) => MARKER.test((lines[index] ?? '').trim());
  const isQuestion = (index: number) => QUESTION.test((lines[index] ?? '').trim());
  const isAnswer = (index: number) => /^A:\s/.test((lines[index] ?? '').trim());
  const isCategory = (index: number) => Object.hasOwn(EN2020_CATEGORIES, (lines[index] ?? '').trim());
  /** A new entry starts at `index` when the next line is a category line. */
  const startsEntry = (index: number) => !isBlank(index) && !isMarker(index) && !isQuestion(index) && isCategory(index + 1);

  const records: Skill[] = [];
  const slotLines: SlotLine[] = [];
  const drafts: DraftRuling[] = [];
  const seen = new Map<string, number>();

  let i = 0;
  // Optional title line: a lower-case heading before the first entry.
  while (i < lines.length && isBlank(i)) i++;
  if (i < lines.length && /^[a-z][a-z -]*$/.test(lines[i]!.trim()) && !isCategory(i + 1)) i++;

  while (i < lines.length) {
    while (i < lines.length && isBlank(i)) i++;
    if (i >= lines.length) break;
    const first = i;
    const displayName = lines[i]!.trim();

    if (isMarker(i)) {
      diagnostics.push(unexpected(i, 'a random-table marker line with no entry before it'));
      i++;
      continue;
    }
    if (!isCategory(i + 1)) {
      diagnostics.push(
        error({
          reason:
            i + 1 < lines.length
              ? `Entry "${excerpt(displayName)}" is not followed by a known category line`
              : `Entry "${excerpt(displayName)}" is the last line: the file ends before its category line (was the copy cut off?)`,
          file,
          // The category line, or the name itself when the file ends there.
          place: at(Math.min(i + 1, lines.length - 1)),
          ruleId: 'en2020/unknown-category',
          source: 'parse',
          expected: `one of ${Object.keys(EN2020_CATEGORIES).join(', ')}`,
          actual: JSON.stringify((lines[i + 1] ?? '').trim()),
        }),
      );
      // Skip to the end of this entry's markers and go on.
      i++;
      while (i < lines.length && !isMarker(i)) i++;
      while (i < lines.length && (isMarker(i) || isBlank(i))) i++;
      continue;
    }
    const { category, kind } = EN2020_CATEGORIES[lines[i + 1]!.trim()]!;
    i += 2;

    // Rule text: up to the first question or marker (or the next entry, if markers are missing).
    const body: SourceLine[] = [];
    while (i < lines.length && !isQuestion(i) && !isAnswer(i) && !isMarker(i) && !startsEntry(i)) {
      body.push({ line: i + 1, text: lines[i]! });
      i++;
    }
    while (body.length && body.at(-1)!.text.trim() === '') body.pop();

    const { name, parameter, compulsory } = splitDisplayName(displayName);
    const slug = slugify(name);
    const id = `${edition}/${slug}`;
    if (slug === '') {
      diagnostics.push(
        error({
          reason: `Entry name "${displayName}" has no letters or digits to make an id from`,
          file,
          place: at(first),
          ruleId: 'en2020/bad-name',
          source: 'parse',
          expected: 'a name such as `Mighty Blow (+1)` or `Loner (X+)*`',
        }),
      );
    }

    // FAQ: questions and answers up to the markers.
    const faqStart = i;
    while (i < lines.length && !isMarker(i) && !startsEntry(i)) i++;
    drafts.push(...parseFaq(faqStart, i, id));

    // Random-table markers.
    const memberships = new Map<Game, Membership>();
    let last = i - 1;
    while (i < lines.length && (isMarker(i) || (isBlank(i) && isMarker(i + 1)))) {
      if (isMarker(i)) {
        readMarker(i, memberships, displayName);
        last = i;
      }
      i++;
    }
    if (memberships.size === 0) {
      diagnostics.push(
        error({
          reason: `Entry "${excerpt(displayName)}" has no Bloodbowl or Dungeonbowl marker line`,
          file,
          place: at(Math.max(last, first)),
          ruleId: 'en2020/missing-marker',
          source: 'parse',
          expected: 'a `Bloodbowl…` and/or `Dungeonbowl…` line after the entry',
        }),
      );
    }

    if (slug === '') continue;
    if (body.every((line) => line.text.trim() === '')) {
      diagnostics.push(
        error({
          reason: `Entry "${excerpt(displayName)}" has no rule text`,
          file,
          place: at(first),
          ruleId: 'en2020/entry-without-text',
          source: 'parse',
          expected: 'at least one line of rule text after the category line',
        }),
      );
      continue;
    }
    const previous = seen.get(slug);
    if (previous !== undefined) {
      diagnostics.push(
        error({
          reason: `Entry "${excerpt(displayName)}" is a duplicate of the entry on line ${previous}`,
          file,
          place: at(first),
          ruleId: 'en2020/duplicate-entry',
          source: 'parse',
          expected: `one entry per name (id ${id})`,
        }),
      );
      continue;
    }
    seen.set(slug, first + 1);

    const games = (['blood-bowl', 'dungeon-bowl'] as const).filter((game) => memberships.has(game));
    for (const game of games) {
      const membership = memberships.get(game)!;
      if (membership.slot) slotLines.push({ record: id, game, line: membership.line });
    }
    const tree = linesToMdast(body);
    const text = mdastToMarkdown(tree);
    if (!readsBack(tree, text)) {
      diagnostics.push(
        error({
          reason: `The Markdown for "${displayName}" does not read back as the source's paragraphs and lists`,
          file,
          place: at(first),
          ruleId: 'markdown/round-trip',
          source: 'parse',
          note: 'A line probably starts with Markdown syntax the text model does not expect; report it with the line.',
        }),
      );
    }
    const randomSlots: RandomSlot[] = games.flatMap((game) => {
      const slot = memberships.get(game)!.slot;
      return slot ? [{ game, roll: slot.roll, d6: slot.d6 }] : [];
    });
    records.push({
      id,
      edition,
      lang: manifest.lang,
      name,
      displayName,
      parameter,
      compulsory,
      kind,
      category,
      text,
      games,
      randomSlots,
      rulings: [],
      concept: null,
      source: { id: manifest.id, lines: [first + 1, last + 1], errata: errataWithin(input.errata, first + 1, last + 1) },
    });
  }

  return { records: records.sort(byIdOrder), unnamed: [], rulings: mergeRulings(drafts), slotLines, diagnostics };

  /** The next non-blank line from `index`, quoted, for messages. */
  function nextText(index: number): string {
    let n = index;
    while (n < lines.length && isBlank(n)) n++;
    return n < lines.length ? `line ${n + 1}: ${JSON.stringify(lines[n]!.trim().slice(0, 80))}` : 'end of file';
  }

  function unexpected(index: number, what: string): Diagnostic {
    return error({
      reason: `Unexpected line: ${what}`,
      file,
      place: at(index),
      ruleId: 'en2020/unexpected-line',
      source: 'parse',
      actual: JSON.stringify(lines[index]!.trim().slice(0, 120)),
    });
  }

  function readMarker(index: number, memberships: Map<Game, Membership>, entry: string): void {
    const text = lines[index]!.trim();
    const [, head, rest] = MARKER.exec(text)!;
    const game = GAMES[head!.toLowerCase()]!;
    const spec = rest!.trim();
    const malformed = (expected: string) => {
      // Remember the line, so the entry does not also read as having no marker.
      if (!memberships.has(game)) memberships.set(game, { line: index + 1, slot: null });
      diagnostics.push(
        error({
          reason: `Malformed random-table line for "${entry}"`,
          file,
          place: at(index),
          ruleId: 'en2020/malformed-marker',
          source: 'parse',
          expected,
          actual: JSON.stringify(excerpt(text)),
        }),
      );
    };
    if (memberships.has(game)) {
      malformed(`one ${head} line per entry (the first is on line ${memberships.get(game)!.line})`);
      return;
    }
    if (spec === 'none') {
      memberships.set(game, { line: index + 1, slot: null });
    } else if (spec === '' && game === 'dungeon-bowl') {
      // A bare Dungeonbowl line: in Dungeon Bowl, at the same slot as in Blood Bowl.
      const bloodBowl = memberships.get('blood-bowl');
      if (!bloodBowl) {
        malformed('a Bloodbowl line before a bare Dungeonbowl line (it copies the Blood Bowl slot)');
        return;
      }
      // (A malformed Bloodbowl line was reported already; its slot stays unknown.)
      memberships.set(game, { line: index + 1, slot: bloodBowl.slot });
    } else {
      const slot = MARKER_SLOT.exec(spec);
      if (!slot) {
        malformed(`${head}none, ${head}random skill: 1d6 "(1-3)" + 1d6 "4"${game === 'dungeon-bowl' ? ', or a bare Dungeonbowl' : ''}`);
        return;
      }
      memberships.set(game, { line: index + 1, slot: { roll: slot[1] as Roll, d6: Number(slot[2]) } });
    }
  }

  /**
   * FAQ lines [from, to). Irregularities handled (all found in the 2020 text):
   * `Q.` instead of `Q:`; questions without a page reference; an answer
   * without `A:`; two questions on one line answered by the next two lines;
   * no blank line before the markers; page references such as `(p.75 & 78)`,
   * `(p.41 & p.81)`, `(p.71, dungeon bowl)`.
   */
  function parseFaq(from: number, to: number, record: string): DraftRuling[] {
    const out: DraftRuling[] = [];
    let index = from;
    while (index < to) {
      if (isBlank(index)) {
        index++;
        continue;
      }
      const text = lines[index]!.trim();
      const question = QUESTION.exec(text);
      if (!question && ANSWER.test(text)) {
        diagnostics.push(
          error({
            reason: 'An answer with no question before it',
            file,
            place: at(index),
            ruleId: 'en2020/answer-without-question',
            source: 'parse',
            expected: 'a `Q:` line before the `A:` line',
            actual: JSON.stringify(text.slice(0, 80)),
          }),
        );
        index++;
        continue;
      }
      if (!question) {
        diagnostics.push(unexpected(index, 'text in the FAQ that is neither a question nor an answer'));
        index++;
        continue;
      }
      const qLine = index;
      if (question[1] === '.') {
        diagnostics.push(
          warning({
            reason: 'Question marked `Q.` instead of `Q:`; read as a question',
            file,
            place: at(index),
            ruleId: 'en2020/question-mark-variant',
            source: 'parse',
          }),
        );
      }
      // Several questions on one line: `Q. … ? Q: … ? (p.87)`. Split at the one space before each mark
      // (the rest of a run of spaces is trimmed with the part): a `\s+` there was retried at every space.
      const parts = text.split(/\s(?=Q[:.]\s)/).map((part) => QUESTION.exec(part.trimStart())![2]!.trim());
      if (parts.length > 1) {
        diagnostics.push(
          warning({
            reason: `${parts.length} questions on one line; each is paired with the answers that follow, in order`,
            file,
            place: at(index),
            ruleId: 'en2020/questions-on-one-line',
            source: 'parse',
          }),
        );
      }
      index++;
      // Tolerate blank lines between a question and its `A:` line.
      let peek = index;
      while (peek < to && isBlank(peek)) peek++;
      if (peek < to && ANSWER.test(lines[peek]!.trim())) index = peek;
      const answers: { text: string; line: number }[] = [];
      while (index < to && !isBlank(index) && !isQuestion(index)) {
        const line = lines[index]!.trim();
        const answer = ANSWER.exec(line);
        if (answer) {
          answers.push({ text: answer[1]!.trim(), line: index });
        } else if (answers.length === 0) {
          diagnostics.push(
            warning({
              reason: 'Answer without `A:`; read as the answer to the question above',
              file,
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
      // Page reference: at the end of its question; one at the end of a shared line covers all its questions.
      const shared = PAGE_REF.exec(parts.at(-1)!);
      parts.forEach((part, n) => {
        const ref = PAGE_REF.exec(part) ?? shared;
        const questionText = part.replace(PAGE_REF, '').trim();
        const answer = answers[n];
        if (!answer) {
          diagnostics.push(
            error({
              reason: `Question has no answer: "${questionText.slice(0, 80)}"`,
              file,
              place: at(qLine),
              ruleId: 'en2020/question-without-answer',
              source: 'parse',
              expected: 'an `A:` line after the question',
              actual: nextText(index),
            }),
          );
          return;
        }
        out.push({ question: questionText, answer: answer.text, ...parsePages(ref?.[1]?.trim() ?? null), lines: [qLine + 1, answer.line + 1], record });
      });
      if (answers.length > parts.length) {
        diagnostics.push(unexpected(answers[parts.length]!.line, 'an answer with no question'));
      }
    }
    return out;
  }

  function mergeRulings(all: readonly DraftRuling[]): Ruling[] {
    const byId = new Map<string, Ruling>();
    /** The normalised question each id was made from: two different questions must never share an id. */
    const questionOf = new Map<string, string>();
    for (const draft of all) {
      const id = `${edition}/r-${rulingHash(draft.question)}`;
      const existing = byId.get(id);
      if (existing && questionOf.get(id) !== normalise(draft.question)) {
        diagnostics.push(
          error({
            reason: `Two different questions hash to the same ruling id ${id} (the other is on line ${existing.source.lines[0]})`,
            file,
            place: { line: draft.lines[0] },
            ruleId: 'en2020/ruling-id-collision',
            source: 'parse',
            note: 'Ruling ids must stay stable; lengthen the hash in rulingHash() and record the change in the data contract.',
          }),
        );
        continue;
      }
      if (existing) {
        const samePages = JSON.stringify(existing.pages) === JSON.stringify(draft.pages) && existing.pageNote === draft.pageNote;
        if (normalise(existing.answer) !== normalise(draft.answer) || !samePages) {
          diagnostics.push(
            error({
              reason: `The same question is printed here and on line ${existing.source.lines[0]} with a different ${samePages ? 'answer' : 'page reference'}`,
              file,
              place: { line: draft.lines[0] },
              ruleId: 'en2020/conflicting-ruling',
              source: 'parse',
              expected: samePages ? JSON.stringify(existing.answer) : JSON.stringify(existing.pages),
              actual: samePages ? JSON.stringify(draft.answer) : JSON.stringify(draft.pages),
            }),
          );
          continue;
        }
        existing.occurrences.push({ record: draft.record, lines: draft.lines });
        if (!existing.records.includes(draft.record)) existing.records.push(draft.record);
        continue;
      }
      questionOf.set(id, normalise(draft.question));
      byId.set(id, {
        id,
        edition,
        question: draft.question,
        answer: draft.answer,
        pages: draft.pages,
        pageNote: draft.pageNote,
        records: [draft.record],
        occurrences: [{ record: draft.record, lines: draft.lines }],
        source: { id: manifest.id, lines: draft.lines, errata: errataWithin(input.errata, draft.lines[0], draft.lines[1]) },
      });
    }
    return [...byId.values()].map((ruling) => ({ ...ruling, records: [...ruling.records].sort(compare) })).sort(byIdOrder);
  }
}


const normalise = foldSpaces;

/** First 8 hex digits of the SHA-256 of the normalised question: stable wherever the ruling is printed. */
export function rulingHash(question: string): string {
  return createHash('sha256').update(normalise(question)).digest('hex').slice(0, 8);
}

/** `75 & 78` → [75, 78]; `41 & p.81` → [41, 81]; `71, dungeon bowl` → [71] + note. */
export function parsePages(inner: string | null): { pages: number[]; pageNote: string | null } {
  if (inner === null) return { pages: [], pageNote: null };
  const pages: number[] = [];
  const notes: string[] = [];
  for (const part of inner.split(/(?<!\s)\s*(?:&|,|\band\b)\s*/)) {
    const value = part.replace(/^p\.\s*/, '').trim();
    if (value === '') continue;
    if (/^\d+$/.test(value)) pages.push(Number(value));
    else notes.push(value);
  }
  return { pages: [...new Set(pages)].sort((a, b) => a - b), pageNote: notes.length ? notes.join(', ') : null };
}
