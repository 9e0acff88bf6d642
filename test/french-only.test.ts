/**
 * A rule only the French list has (issue 33, item 7), on literal inputs,
 * through every surface that named concepts in English: the crosswalk
 * declares it in French (`lang: fr`) and no English name is invented; the
 * alias index, the published schema, SQLite, CSV, the static API and the
 * cards carry its French name as French, and nothing English where English
 * has nothing.
 */
import { describe, expect, it } from 'vitest';
import { skillCardSpec, specContextOf } from '../pipeline/emit/cards/card-specs.ts';
import { API_SCHEMAS, emitApi } from '../pipeline/emit/api.ts';
import { csvFiles } from '../pipeline/emit/csv.ts';
import { emitSqlite } from '../pipeline/emit/sqlite.ts';
import { readSchemaFiles } from '../pipeline/io.ts';
import { defineBaseConcepts, fillConcepts, type At } from '../pipeline/link/crosswalk.ts';
import type { DataBundle } from '../pipeline/model/dataset.ts';
import { conceptNameIn, sourcedNameIn } from '../pipeline/model/names.ts';
import { buildNameIndex } from '../pipeline/model/resolve-names.ts';
import type { Concept, CrosswalkRow, ExtraConcept, Skill } from '../pipeline/model/schema-types.ts';
import { createValidator } from '../pipeline/validate/schemas.ts';
import { DatabaseSync } from 'node:sqlite';
import { literalBundle } from './emit/literal-bundle.ts';
import { repoRoot } from './helpers.ts';

const at: At = { file: 'crosswalk.yaml', locate: () => null };
const declared: ExtraConcept = {
  id: 'chance-du-debutant',
  name: 'Chance du débutant',
  lang: 'fr',
  kind: 'skill',
  category: 'general',
  note: 'Only the old list has it.',
};
const record: Skill = {
  id: 'fr-legacy/chance-du-debutant',
  edition: 'fr-legacy',
  lang: 'fr',
  name: 'Chance du débutant',
  displayName: 'Chance du débutant',
  parameter: null,
  compulsory: null,
  kind: 'skill',
  category: 'general',
  text: 'Une fois par match, ce joueur peut relancer un jet raté.',
  games: ['blood-bowl'],
  randomSlots: [],
  rulings: [],
  concept: 'chance-du-debutant',
  source: { id: 'fr-legacy-list', lines: [70, 71], errata: [] },
};

/** The concept as the crosswalk makes it: declared in French, filled with its French record. */
function linked(): Concept {
  const base = defineBaseConcepts([], [declared], at);
  const row: CrosswalkRow = {
    record: record.id,
    concept: declared.id,
    relation: 'removed',
    confidence: 'high',
    rationale: 'x',
    summary: null,
    summaryFr: null,
    declaredBy: 'editor',
    related: [],
    falseFriend: null,
  };
  return fillConcepts([record], new Map([[record.id, row]]), base.concepts, [declared], at).concepts[0]!;
}

/** The literal emitters' dataset with the French-only rule in it. */
function bundle(): DataBundle {
  const d = literalBundle();
  d.skills.push(record);
  // The build stage's French name of the concept (its French source's), as every surface reads it.
  const concept = linked();
  d.concepts.push({ ...concept, frenchName: sourcedNameIn(concept, [], 'fr') });
  d.crosswalk.push({ ...d.crosswalk[0]!, record: record.id, concept: declared.id, relation: 'removed', related: [] });
  return d;
}

describe('the crosswalk', () => {
  it('names a concept declared in French in French only: no English name is invented', () => {
    expect(linked()).toMatchObject({ id: 'chance-du-debutant', name: 'Chance du débutant', names: { fr: 'Chance du débutant' } });
    expect(linked().names).not.toHaveProperty('en');
  });
  it('takes its French record without a "several French records" warning', () => {
    const base = defineBaseConcepts([], [declared], at);
    const row: CrosswalkRow = {
      record: record.id,
      concept: declared.id,
      relation: 'removed',
      confidence: 'high',
      rationale: 'x',
      summary: null,
      summaryFr: null,
      declaredBy: 'editor',
      related: [],
      falseFriend: null,
    };
    expect(fillConcepts([record], new Map([[record.id, row]]), base.concepts, [declared], at).diagnostics).toEqual([]);
  });
  it('still names an undeclared language in English, as before', () =>
    expect(defineBaseConcepts([], [{ ...declared, lang: undefined as never }], at).concepts.get(declared.id)?.names).toEqual({ en: 'Chance du débutant' }));
});

describe('its name, wherever it is shown', () => {
  it('reads in French on an English page, marked French', () => expect(conceptNameIn(linked(), 'en')).toEqual({ name: 'Chance du débutant', lang: 'fr' }));
  it('reads in the page’s language when the rule has a name there', () =>
    expect(conceptNameIn({ name: 'Dodge', names: { en: 'Dodge', fr: 'Esquive' } }, 'fr')).toEqual({ name: 'Esquive', lang: 'fr' }));
  it('is a French spelling in the alias index, never an English one', () => {
    const { names } = buildNameIndex({ concepts: [linked()], skills: [], migrations: [] });
    expect(names.map((n) => [n.alias, n.lang])).toEqual([['Chance du débutant', 'fr']]);
  });
});

describe('the published data', () => {
  const validator = createValidator(readSchemaFiles(repoRoot));
  it('validates a concept named in French only, and refuses one named in no language', () => {
    expect(validator.validate('concepts.schema.json', [linked()], 'concepts.json')).toEqual([]);
    expect(validator.validate('concepts.schema.json', [{ ...linked(), names: {} }], 'concepts.json')).not.toEqual([]);
  });

  it('SQLite: no English name (NULL), a French search row', () => {
    const db = new DatabaseSync(':memory:');
    db.deserialize(emitSqlite(bundle()));
    expect({ ...db.prepare("SELECT name, name_en, name_fr FROM concepts WHERE id = 'chance-du-debutant'").get() }).toEqual({
      name: 'Chance du débutant',
      name_en: null,
      name_fr: 'Chance du débutant',
    });
    expect({ ...db.prepare("SELECT lang, name FROM search WHERE kind = 'concept' AND id = 'chance-du-debutant'").get() }).toEqual({
      lang: 'fr',
      name: 'Chance du débutant',
    });
  });

  it('CSV: an empty English name, which its Table Schema allows', () => {
    const csv = csvFiles(bundle()).get('csv/concepts.csv')!;
    expect(csv.split('\r\n').find((line) => line.startsWith('chance-du-debutant,'))).toBe(
      'chance-du-debutant,Chance du débutant,,Chance du débutant,skill,general,,,source',
    );
  });

  it('the static API: the concept and the index carry its French name only, valid against their schemas', () => {
    const files = emitApi(bundle());
    const index = files.find((f) => f.kind === 'index')!;
    const entry = (index.value as { endpoints: { id: string; names?: object }[] }).endpoints.find((e) => e.id === 'chance-du-debutant');
    expect(entry?.names).toEqual({ fr: 'Chance du débutant' });
    for (const file of files.filter((f) => f.kind === 'index' || f.path.includes('chance-du-debutant')))
      expect(validator.validate(API_SCHEMAS[file.kind], file.value, file.path), file.path).toEqual([]);
  });

  it('the card: no "EN:" line for a rule no English text has; the French name on it', () => {
    const spec = skillCardSpec(record, null, specContextOf(bundle()));
    expect(spec.subtitle).toBeNull();
    expect(spec.footerLeft).not.toMatch(/2020/);
  });
});
