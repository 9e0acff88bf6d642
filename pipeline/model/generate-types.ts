/**
 * Generate TypeScript declarations from the JSON Schemas in schema/.
 * The schemas are the single source of truth; `schema-types.ts` is this
 * function's output, and a test fails when the committed file drifts.
 * Supports the subset of JSON Schema 2020-12 the project uses.
 */
import { compare } from './order.ts';

export interface SchemaFile {
  /** Path relative to schema/, e.g. `skills.schema.json` or `input/errata.schema.json`. */
  path: string;
  schema: JsonSchema;
  /** The file's text, when read from disk: what the build cache keys on (two texts can parse alike, `1e999` and `null` among them). */
  text?: string;
}

export interface JsonSchema {
  $id?: string;
  $ref?: string;
  title?: string;
  description?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema | false;
  prefixItems?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  $defs?: Record<string, JsonSchema>;
  [key: string]: unknown;
}

const pascal = (value: string): string =>
  value
    .replace(/\.schema\.json$/, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/** Name of the type declared for a definition: its title in PascalCase (`Skills file` → `SkillsFile`). */
export const nameOf = (key: string, schema: JsonSchema): string => pascal(schema.title ?? key);

export function generateTypes(files: readonly SchemaFile[]): string {
  const sorted = [...files].sort((a, b) => compare(a.path, b.path));
  const render = createRenderer(typeNames(sorted));
  const out: string[] = [
    '// Generated from schema/*.schema.json by `npm run gen`. Do not edit by hand:',
    '// edit the schema and regenerate; test/schema-types.test.ts fails when this file drifts.',
    '',
  ];
  for (const file of sorted) {
    out.push(`// ${file.path}`, '');
    const top = file.schema;
    if (top.type || top.$ref || top.anyOf || top.oneOf || top.enum) {
      out.push(`${jsdoc(top.description ?? top.title ?? file.path, '')}export type ${nameOf(file.path, top)} = ${render(file.path, top, '')};`, '');
    }
    for (const [key, def] of Object.entries(top.$defs ?? {})) {
      out.push(`${jsdoc(def.description ?? key, '')}export type ${nameOf(key, def)} = ${render(file.path, def, '')};`, '');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** `<file path>#<pointer>` → the name of its type, for $ref resolution; a name declared twice throws. */
function typeNames(sorted: readonly SchemaFile[]): Map<string, string> {
  // Map `<file path>#<pointer>` to a type name, for $ref resolution.
  const names = new Map<string, string>();
  for (const file of sorted) {
    names.set(`${file.path}#`, nameOf(file.path, file.schema));
    for (const [key, def] of Object.entries(file.schema.$defs ?? {})) {
      names.set(`${file.path}#/$defs/${key}`, nameOf(key, def));
    }
  }
  const seen = new Map<string, string>();
  for (const [ref, name] of names) {
    const previous = seen.get(name);
    if (previous) throw new Error(`schema type name ${name} is declared twice: ${previous} and ${ref}`);
    seen.set(name, ref);
  }

  return names;
}

type Render = (from: string, schema: JsonSchema, indent: string) => string;

/** A schema (in the file `from`) as a TypeScript type, its `$ref`s resolved through `names`. */
function createRenderer(names: ReadonlyMap<string, string>): Render {
  const resolveRef = (from: string, ref: string): string => {
    const [target, pointer = ''] = ref.split('#');
    const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/') + 1) : '';
    const path = target ? normalise(dir + target) : from;
    const name = names.get(`${path}#${pointer}`);
    if (!name) throw new Error(`${from}: cannot resolve $ref ${ref}`);
    return name;
  };

  const render: Render = (from, schema, indent) => {
    if (schema.$ref) return resolveRef(from, schema.$ref);
    if (schema.const !== undefined) return JSON.stringify(schema.const);
    if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
    // Unions of types; a oneOf of bare `required` constraints only narrows an object and is not a type.
    const union = (schema.anyOf ?? schema.oneOf)?.filter(
      (member) => member.type !== undefined || member.$ref !== undefined || member.enum !== undefined || member.const !== undefined,
    );
    if (union?.length) return union.map((member) => render(from, member, indent)).join(' | ');
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    if (types.length === 0) return 'unknown';
    return types.map((type) => renderType(from, type, schema, indent)).join(' | ');
  };

  const renderType = (from: string, type: string, schema: JsonSchema, indent: string): string => {
    switch (type) {
      case 'string':
        return 'string';
      case 'integer':
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'array': {
        if (schema.prefixItems) {
          return `[${schema.prefixItems.map((item) => render(from, item, indent)).join(', ')}]`;
        }
        const item = schema.items ? render(from, schema.items, indent) : 'unknown';
        return item.includes(' ') && !item.startsWith('{') ? `Array<${item}>` : `${item}[]`;
      }
      case 'object':
        return renderObject(from, schema, indent, render);
      default:
        throw new Error(`${from}: unsupported type ${type}`);
    }
  };

  return render;
}

/** An object schema as a type literal: its properties (with their docs, `?` unless required), then its additional properties. */
function renderObject(from: string, schema: JsonSchema, indent: string, render: Render): string {
  const required = new Set(schema.required ?? []);
  const inner = `${indent}  `;
  const lines = Object.entries(schema.properties ?? {}).map(([key, value]) => {
    const doc = value.description && !value.$ref ? `${jsdoc(value.description, inner)}` : '';
    const optional = required.has(key) ? '' : '?';
    const safeKey = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
    return `${doc}${inner}${safeKey}${optional}: ${render(from, value, inner)};`;
  });
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    lines.push(`${inner}[key: string]: ${render(from, schema.additionalProperties, inner)};`);
  }
  return lines.length ? `{\n${lines.join('\n')}\n${indent}}` : 'Record<string, never>';
}

function jsdoc(text: string, indent: string): string {
  const clean = text.replace(/\*\//g, '*\\/');
  return `${indent}/** ${clean} */\n`;
}

function normalise(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}
