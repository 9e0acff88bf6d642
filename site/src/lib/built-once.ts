/**
 * A collection schema built at its first use, then the same one each time.
 * Starlight's <StarlightPage> (every page of this site but the Markdown ones)
 * builds the docs schema again for each page it renders (it calls the schema
 * function with a new context), and zod compiles each new one again to check
 * that page's frontmatter: over 1 ms a page (issue 37; docs/BENCHMARKS.md).
 * The context only gives `image()`, for a frontmatter image (a hero's), which
 * no page of this site has.
 */
export function builtOnce<Context, Schema>(build: (context: Context) => Schema): (context: Context) => Schema {
  let schema: Schema | undefined;
  return (context) => (schema ??= build(context));
}
