/**
 * Curated YAML (manifest, annotations) → plain values, with a locator that
 * maps a JSON path back to the line it was written on, so schema errors in
 * annotations point at `file:line`.
 */
import { isNode, LineCounter, parseDocument } from 'yaml';
import { error, type Diagnostic, type Place } from '../model/diagnostic.ts';

export interface YamlFile {
  path: string;
  text: string;
}

export interface ParsedYaml {
  value: unknown;
  /** Line of the node at `path` (or of its nearest ancestor that exists). */
  locate: (path: readonly (string | number)[]) => Place | null;
  diagnostics: Diagnostic[];
}

export function parseYaml(file: YamlFile): ParsedYaml {
  const lineCounter = new LineCounter();
  const doc = parseDocument(file.text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const diagnostics: Diagnostic[] = [...doc.errors, ...doc.warnings].map((problem) => {
    const pos = problem.linePos?.[0];
    return error({
      reason: `YAML: ${problem.message.split('\n')[0]}`,
      file: file.path,
      place: pos ? { line: pos.line, column: pos.col } : null,
      ruleId: 'yaml/syntax',
      source: 'parse',
    });
  });
  const locate = (path: readonly (string | number)[]): Place | null => {
    for (let depth = path.length; depth >= 0; depth--) {
      const node = doc.getIn(path.slice(0, depth), true);
      if (isNode(node) && node.range) {
        const pos = lineCounter.linePos(node.range[0]);
        return { line: pos.line, column: pos.col };
      }
    }
    return null;
  };
  return { value: diagnostics.length ? null : doc.toJS(), locate, diagnostics };
}
