import { docsLoader, i18nLoader } from '@astrojs/starlight/loaders';
import { docsSchema, i18nSchema } from '@astrojs/starlight/schema';
import { defineCollection } from 'astro:content';
import { BUNDLE_FILES } from '../../pipeline/model/dataset.ts';
import { builtOnce } from './lib/built-once.ts';
import { datasetLoader } from './lib/loader.ts';

/** The published files the pages read: every file of the bundle (pipeline/model/dataset.ts) but the migrations, one collection each, named by its bundle key. */
const { migrations: _unread, ...read } = BUNDLE_FILES;

export const collections = {
  docs: defineCollection({ loader: docsLoader(), schema: builtOnce(docsSchema()) }),
  i18n: defineCollection({ loader: i18nLoader(), schema: i18nSchema() }),
  ...Object.fromEntries(Object.entries(read).map(([name, file]) => [name, defineCollection({ loader: datasetLoader(file) })])),
};
