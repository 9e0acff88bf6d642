// The docs schema Starlight's <StarlightPage> asks for on every page is built once per site build (site/src/lib/built-once.ts, site/src/content.config.ts).
import { describe, expect, it } from 'vitest';
import { builtOnce } from '../../site/src/lib/built-once.ts';

describe('builtOnce', () => {
  it('builds the schema at the first call only, and gives that one to every later call, whatever its context', () => {
    const contexts: number[] = [];
    const schema = builtOnce((context: number) => {
      contexts.push(context);
      return { built: context };
    });
    const first = schema(1);
    expect(schema(2)).toBe(first);
    expect(schema(3)).toBe(first);
    expect(contexts).toEqual([1]);
  });
});
