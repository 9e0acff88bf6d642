/**
 * Every table of dist/data/nuffle-codex.sqlite, derived from the JSON data
 * alone (by column name, not position): what the database must hold for a
 * dataset. Shared by the real-build value test and the literal-bundle unit
 * test.
 */
import type { DataBundle } from '../../pipeline/model/dataset.ts';

export type Row = Record<string, string | number | null>;

const bool = (value: boolean | null): number | null => (value === null ? null : value ? 1 : 0);

/** Every table's rows, from the JSON data alone. */
export function expectedTables(d: DataBundle): Record<string, Row[]> {
  const conceptOf = new Map(d.concepts.map((c) => [c.id, c]));
  return {
    meta: [
      { key: 'datasetVersion', value: d.meta.datasetVersion },
      { key: 'schemaVersion', value: d.meta.schemaVersion },
    ],
    editions: d.editions.map((e) => ({
      id: e.id,
      label: e.label,
      lang: e.lang,
      source: e.source,
      file: e.file,
      sha256: e.sha256,
      parser: e.parser,
      note: e.note ?? null,
      records: e.records,
      rulings: e.rulings,
    })),
    concepts: d.concepts.map((c) => ({
      id: c.id,
      name: c.name,
      name_en: c.names.en ?? null,
      name_fr: c.names.fr ?? null,
      kind: c.kind,
      category: c.category,
      compulsory: bool(c.compulsory),
      compulsory_from: c.compulsoryFrom,
    })),
    skills: d.skills.map((s) => ({
      id: s.id,
      edition: s.edition,
      lang: s.lang,
      name: s.name,
      display_name: s.displayName,
      parameter: s.parameter,
      compulsory: bool(s.compulsory),
      kind: s.kind,
      category: s.category,
      text: s.text,
      concept: s.concept,
      source_id: s.source.id,
      line_start: s.source.lines[0],
      line_end: s.source.lines[1],
    })),
    skill_games: d.skills.flatMap((s) => s.games.map((game) => ({ record: s.id, game }))),
    skill_errata: d.skills.flatMap((s) => s.source.errata.map((erratum) => ({ record: s.id, erratum }))),
    concept_records: d.concepts.flatMap((c) => c.records.map((record) => ({ concept: c.id, record }))),
    concept_relations: d.concepts.flatMap((c) => c.relations.map((r) => ({ concept: c.id, type: r.type, other: r.concept, record: r.record }))),
    crosswalk: d.crosswalk.map((r) => ({
      record: r.record,
      concept: r.concept,
      relation: r.relation,
      confidence: r.confidence,
      rationale: r.rationale,
      summary: r.summary ?? null,
      summary_fr: r.summaryFr ?? null,
      declared_by: r.declaredBy,
      false_friend: r.falseFriend,
    })),
    crosswalk_related: d.crosswalk.flatMap((r) => r.related.map((concept) => ({ record: r.record, concept }))),
    rulings: d.rulings.map((r) => ({
      id: r.id,
      edition: r.edition,
      question: r.question,
      answer: r.answer,
      page_note: r.pageNote,
      source_id: r.source.id,
      line_start: r.source.lines[0],
      line_end: r.source.lines[1],
    })),
    ruling_pages: d.rulings.flatMap((r) => r.pages.map((page) => ({ ruling: r.id, page }))),
    ruling_records: d.rulings.flatMap((r) => r.records.map((record) => ({ ruling: r.id, record }))),
    ruling_occurrences: d.rulings.flatMap((r) => r.occurrences.map((o) => ({ ruling: r.id, record: o.record, line_start: o.lines[0], line_end: o.lines[1] }))),
    random_tables: d.randomTables.map((t) => ({ id: t.id, edition: t.edition, game: t.game, category: t.category })),
    random_slots: d.randomTables.flatMap((t) => t.slots.map((s) => ({ table: t.id, roll: s.roll, d6: s.d6, record: s.record, vacancy: s.vacancy }))),
    leagues: d.leagues.map((l) => ({ id: l.id, name: l.name })),
    league_aliases: d.leagues.flatMap((l) => l.aliases.map((a) => ({ league: l.id, text: a.text }))),
    inducements: d.inducements.map((i) => ({
      id: i.id,
      edition: i.edition,
      name: i.name,
      name_fr: i.nameFr ?? null,
      kind: i.kind,
      text: i.text,
      limit_max: i.limits.max,
      once_per_game: i.limits.oncePerGame ? 1 : 0,
      confidence: i.confidence,
      json: JSON.stringify(i),
    })),
    inducement_spells: d.inducements.flatMap((i) => i.spells.map((s) => ({ id: s.id, inducement: i.id, name: s.name, text: s.text }))),
    inducement_mentions: d.inducements.flatMap((i) => i.mentions.map((concept) => ({ inducement: i.id, concept }))),
    aliases: d.names.map((n) => ({ alias: n.alias, folded: n.folded, concept: n.concept, lang: n.lang, source: n.source, record: n.record })),
    migrations: (d.migrations ?? []).map((m) => ({ id: m.id, kind: m.kind, action: m.action, to: m.to, since: m.since, note: m.note })),
    // Full-text search: every concept's names and its aliases (as written and folded), every record's names (its own and its concept's),
    // every ruling under its skills' names, every inducement.
    search: [
      ...d.concepts.map((c) => ({
        kind: 'concept',
        id: c.id,
        // The language of its first name: English, or French for a rule only the French list has.
        lang: c.names.en ? 'en' : 'fr',
        name: [...new Set([c.names.en, c.names.fr].filter(Boolean))].join(' · '),
        // A retired record id (it holds a `/`) is looked up whole, never by its tokens.
        aliases: [
          ...new Set(d.names.filter((n) => n.concept === c.id && !(n.source === 'retired' && n.alias.includes('/'))).flatMap((n) => [n.alias, n.folded])),
        ].join(' · '),
        text: '',
      })),
      ...d.skills.map((s) => {
        const c = s.concept ? conceptOf.get(s.concept) : undefined;
        return {
          kind: 'record',
          id: s.id,
          lang: s.lang,
          name: [...new Set([s.name, c?.names.en, c?.names.fr].filter(Boolean))].join(' · '),
          aliases: '',
          text: s.text,
        };
      }),
      ...d.rulings.map((r) => ({
        kind: 'ruling',
        id: r.id,
        lang: 'en',
        name: [...new Set(r.records.map((id) => d.skills.find((s) => s.id === id)?.name))].join(' · '),
        aliases: '',
        text: `${r.question}\n${r.answer}`,
      })),
      ...d.inducements.map((i) => ({
        kind: 'inducement',
        id: i.id,
        lang: 'en',
        name: i.name,
        aliases: '',
        text: [i.text, ...i.abilities.map((a) => `${a.name}\n${a.text}`), ...i.spells.map((s) => `${s.name}\n${s.text}`)].join('\n'),
      })),
    ],
  };
}

/** Rows as sorted key-value lists, sorted: the same rows in any order and any column order compare equal. */
export const canonical = (rows: readonly Row[]): string[] => rows.map((r) => JSON.stringify(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : 1)))).sort();
