/**
 * A copy of the project in which every field a source or an annotation can
 * set carries markup and script: names, display names, parameters, rule text,
 * FAQ questions and answers, French names, the second trait wording's names,
 * inducement names (English and French), texts and notes, league names, edition labels and notes,
 * extra concept names, crosswalk rationales, reader summaries (English and
 * French) and false friends, errata. The raw
 * texts of the real project are never edited; this copy's get lines appended
 * (and an erratum, as a maintainer would add one).
 *
 * Every payload that could run sets the global `pwned` and opens a dialog, so
 * a browser shows at once whether anything ran.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { copyProject } from '../helpers.ts';

/** Markup that closes the head's <title> and opens a script. */
export const CLOSE_TITLE = '</title><script>pwned=1;alert(1)</script>';
/** Markup that leaves a quoted attribute and adds an element with a handler. */
export const BREAK_ATTRIBUTE = '"><img src=x onerror=pwned=1;alert(2)>';
/** Markup that ends an inline script (or JSON in one) and starts another. */
export const CLOSE_SCRIPT = '</script><script>pwned=1;alert(3)</script>';
/** Template and comment openers: `{{` for template engines, `<!--` to swallow what follows. */
const OPENERS = "{{constructor.constructor('pwned=1;alert(4)')()}} <!-- ]]>";
/** Link targets that run script. */
const SCRIPT_LINKS = '[a link](javascript:pwned=1;alert(5)) <a href="javascript:alert(5)">raw link</a> <javascript:alert(5)>';

/** A FAQ page note (the part of a page reference that is not a number). */
export const PAGE_NOTE = '"><svg onload=pwned=1> </title><script>pwned=1</script>';

/** Every payload, in one line of rule text. */
export const ALL = [CLOSE_TITLE, BREAK_ATTRIBUTE, CLOSE_SCRIPT, OPENERS, SCRIPT_LINKS].join(' ');

/** The names the copy adds, as printed (each reaches a page title). */
export const NAMES = {
  /** An English 2020 trait: its name closes <title>. */
  title: `Pwn ${CLOSE_TITLE}`,
  /** An English 2020 trait whose name breaks out of attributes and whose parameter does too (no parentheses inside a parameter). */
  attribute: `Pwn ${BREAK_ATTRIBUTE}`,
  parameter: '"><svg onload=pwned=1>',
  /** Its French name, on the French legacy list: the /fr/ page title. */
  french: `Pwné ${CLOSE_TITLE}`,
  /** Its name in the second trait wording (names come from the crosswalk). */
  alternative: `Pwn alt ${BREAK_ATTRIBUTE}`,
  /** An inducement. */
  inducement: `Pwn kegs ${CLOSE_TITLE}`,
  /** Its French name, the French page's title. */
  inducementFr: `Fût ${CLOSE_TITLE}`,
  /** An ability of that inducement (headings are printed in capitals). */
  ability: 'PWN </TITLE><SCRIPT>PWNED=1</SCRIPT>!',
  /** An extra concept of the crosswalk (no English 2020 record). */
  concept: `Breathe Fire ${CLOSE_TITLE}`,
} as const;

/** A throw-away project whose every settable field carries the payloads. Returns its root. */
export function hostileProject(): string {
  const root = copyProject();
  const raw = (name: string) => join(root, 'sources/raw', name);
  const yaml = (name: string, change: (value: Record<string, unknown>) => void) => {
    const path = join(root, 'sources', name);
    const value = parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    change(value);
    writeFileSync(path, stringify(value, { lineWidth: 0 }));
  };

  // The raw files end without a newline: each appended entry starts after a blank line.
  // English 2020: two traits (names, a parameter, rule text with Markdown links, a FAQ question and answer).
  appendFileSync(
    raw('en-2020-skills-traits.txt'),
    [
      '',
      `${NAMES.title}`,
      'Traits',
      `This player does nothing. ${ALL}`,
      'ERRATUM-HERE',
      '',
      // A page reference whose note (what is not a page number) is markup: no parentheses inside.
      `Q: Does ${CLOSE_TITLE} ${BREAK_ATTRIBUTE} ${CLOSE_SCRIPT} run? (p.1, ${PAGE_NOTE})`,
      `A: No. ${ALL}`,
      '',
      'Bloodbowlnone',
      'Dungeonbowl',
      `${NAMES.attribute} (${NAMES.parameter})`,
      'Traits',
      `Nothing either. ${ALL}`,
      'Bloodbowlnone',
      'Dungeonbowl',
      '',
    ].join('\n'),
  );
  yaml('annotations/errata.yaml', (value) => {
    (value.errata as unknown[]).push({
      id: 'en-2020/pwn-erratum',
      source: 'en-2020-skills-traits',
      find: 'ERRATUM-HERE',
      replace: `Corrected: ${SCRIPT_LINKS} ${CLOSE_SCRIPT}`,
      reason: `a test of ${ALL}`,
    });
  });

  // French legacy list: a French name and text for the first trait.
  appendFileSync(raw('fr-legacy-skills.txt'), `\n\n${NAMES.french}\nLe joueur ne fait rien. ${ALL}\n`);
  // Second trait wording: a paragraph, named by its crosswalk row.
  appendFileSync(raw('traits-alt-wording.txt'), `\n\nWhenever this pwn player is activated, nothing happens. ${ALL}\n`);
  // Inducement notes: a block, named by its annotation.
  appendFileSync(raw('inducement-notes.txt'), `\n\nUp to 9 pwn kegs can be bought. ${ALL}\n\n${NAMES.ability} Once per game, nothing happens. ${ALL}\n`);

  const titleId = 'pwn-title-script-pwned-1-alert-1-script';
  yaml('annotations/crosswalk.yaml', (value) => {
    const concepts = value.concepts as { id: string; name: string; note?: string }[];
    for (const concept of concepts) {
      if (concept.id === 'breathe-fire') concept.name = NAMES.concept;
      concept.note = `${concept.note ?? ''} ${ALL}`;
    }
    const links = value.links as { rationale?: string; falseFriend?: string; summary?: string; summaryFr?: string }[];
    for (const link of links) {
      link.rationale = `${link.rationale ?? ''} ${ALL}`;
      // The reader summaries, English and French, lead a concept page and fill the what-changed rows.
      if (link.summary !== undefined) link.summary = `${link.summary} ${ALL}`;
      if (link.summaryFr !== undefined) link.summaryFr = `${link.summaryFr} ${ALL}`;
    }
    links.push(
      {
        source: 'fr-legacy-skills',
        record: `fr-legacy/${slugOf(NAMES.french)}`,
        concept: titleId,
        relation: 'same',
        confidence: 'high',
        rationale: `Rationale ${ALL}`,
        falseFriend: `False friend ${ALL}`,
      } as never,
      {
        source: 'traits-alt-wording',
        match: 'Whenever this pwn player is activated',
        name: NAMES.alternative,
        concept: titleId,
        relation: 'same',
        confidence: 'high',
        rationale: `Rationale ${ALL}`,
        summary: `Summary ${ALL}`,
        summaryFr: `Résumé ${ALL}`,
      } as never,
    );
  });

  yaml('annotations/inducements.yaml', (value) => {
    const leagues = value.leagues as { name: string }[];
    for (const league of leagues) league.name = `${league.name} ${CLOSE_TITLE}`;
    const records = value.records as { name: string; note: string }[];
    for (const record of records) record.note = `${record.note} ${ALL}`;
    records.push({
      id: 'pwn-kegs',
      name: NAMES.inducement,
      // Its French name is the French page's title (issue 36).
      nameFr: NAMES.inducementFr,
      kind: 'inducement',
      confidence: 'low',
      note: `Note ${ALL}`,
      blocks: ['Up to 9 pwn kegs can be bought.', NAMES.ability],
      abilities: [NAMES.ability],
    } as never);
  });

  yaml('manifest.yaml', (value) => {
    for (const source of value.sources as { edition: { label: string }; note: string }[]) {
      source.edition.label = `${source.edition.label} ${BREAK_ATTRIBUTE}`;
      source.note = `${source.note} ${ALL}`;
    }
  });
  return root;
}

/** The record id slug the build gives a name (lower-case ASCII words joined by `-`), for the crosswalk rows above. */
function slugOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join('-');
}
