/**
 * Curated YAML (manifest, annotations) → plain values, located
 * (model/yaml-document.ts). The YAML parser loads on first use: a build whose
 * YAML files all come from the stage memo never loads it.
 */
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import { parseYamlWith, type ParsedYaml, type YamlFile } from '../model/yaml-document.ts';

export type { ParsedYaml, YamlFile };

const load = createRequire(import.meta.url);
let yamlModule: typeof Yaml | undefined;

export function parseYaml(file: YamlFile): ParsedYaml {
  return parseYamlWith((yamlModule ??= load('yaml') as typeof Yaml), file);
}
