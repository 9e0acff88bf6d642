import { docsLoader, i18nLoader } from '@astrojs/starlight/loaders';
import { docsSchema, i18nSchema } from '@astrojs/starlight/schema';
import { defineCollection } from 'astro:content';
import { datasetLoader } from './lib/loader.ts';

export const collections = {
  docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }),
  i18n: defineCollection({ loader: i18nLoader(), schema: i18nSchema() }),
  meta: defineCollection({ loader: datasetLoader('meta.json') }),
  editions: defineCollection({ loader: datasetLoader('editions.json') }),
  skills: defineCollection({ loader: datasetLoader('skills.json') }),
  rulings: defineCollection({ loader: datasetLoader('rulings.json') }),
  randomTables: defineCollection({ loader: datasetLoader('random-tables.json') }),
  concepts: defineCollection({ loader: datasetLoader('concepts.json') }),
  crosswalk: defineCollection({ loader: datasetLoader('crosswalk.json') }),
  inducements: defineCollection({ loader: datasetLoader('inducements.json') }),
  leagues: defineCollection({ loader: datasetLoader('leagues.json') }),
  names: defineCollection({ loader: datasetLoader('names.json') }),
};
