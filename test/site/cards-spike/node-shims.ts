/**
 * SPIKE: what the card path needs from Node, supplied in the browser so that
 * pipeline/emit/cards/ runs unchanged. Each entry is a seam that
 * docs/design/site-cards.md proposes to remove from the card path:
 * - `Buffer.from` (fonts.ts) and `Buffer.concat` (layout.ts): plain Uint8Array work;
 * - `createRequire` (parse/markdown.ts loads remark lazily): the three modules the
 *   card path parses Markdown with, imported statically;
 * - `node:crypto` / `node:util` (the stage memo, imported by parse/markdown.ts but
 *   never called by the card path): stubs that throw if they ever are.
 */
import * as unified from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';

export const Buffer = {
  from(bytes: Uint8Array): Uint8Array {
    return new Uint8Array(bytes);
  },
  concat(chunks: readonly Uint8Array[]): Uint8Array {
    const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const chunk of chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  },
  isBuffer: (): boolean => false,
};

const modules: Record<string, unknown> = { unified, 'remark-parse': { default: remarkParse }, 'remark-gfm': { default: remarkGfm } };

export function createRequire(): (name: string) => unknown {
  return (name) => {
    if (!(name in modules)) throw new Error(`the card chunk does not bundle ${name}`);
    return modules[name];
  };
}

const notInTheCardPath = (name: string) => () => {
  throw new Error(`${name} is not available in the browser card chunk`);
};
export const createHash = notInTheCardPath('node:crypto createHash');
export const isDeepStrictEqual = notInTheCardPath('node:util isDeepStrictEqual');
