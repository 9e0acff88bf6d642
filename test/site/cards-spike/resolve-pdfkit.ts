/** SPIKE: a module resolution hook: `pdfkit` (outside ./pdfkit-browser.ts) → ./pdfkit-browser.ts. */
interface Context {
  parentURL?: string | undefined;
}
type Next = (specifier: string, context: Context) => Promise<{ url: string }>;

const target = new URL('./pdfkit-browser.ts', import.meta.url).href;

export async function resolve(specifier: string, context: Context, next: Next): Promise<{ url: string; shortCircuit?: boolean }> {
  if (specifier === 'pdfkit' && context.parentURL !== target) return { url: target, shortCircuit: true };
  return next(specifier, context);
}
