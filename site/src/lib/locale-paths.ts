/**
 * The static paths of a route under `src/pages/[...locale]/`, as Starlight's
 * own routes get theirs from one module (utils/routing): every page of the
 * route in every locale, the locale both as the `locale` parameter (none for
 * English, the root locale: `/concepts/dodge/`, `/fr/concepts/dodge/`) and as
 * the `locale` prop. A route's `getStaticPaths` returns `localePaths(…)`, and
 * its `Astro.props` and `Astro.params` are typed from that.
 */
import { LOCALES, type Locale, localeParam } from './i18n.ts';

/** One page of a route, before its locale: its own parameters and props. */
export interface RoutePage {
  params: Record<string, string>;
  props: object;
}

/** A page in one locale: `locale` added to its parameters and to its props (each page of a union keeps its own props). */
export type LocalePath<Page extends RoutePage> = Page extends RoutePage
  ? { params: Page['params'] & { locale: string | undefined }; props: Page['props'] & { locale: Locale } }
  : never;

type NoParams = Record<never, never>;

/** A route of one page (no parameter of its own), in every locale. */
export function localePaths(): LocalePath<{ params: NoParams; props: NoParams }>[];
/** Each of `pages`, in every locale, locale by locale. */
export function localePaths<Page extends RoutePage>(pages: readonly Page[]): LocalePath<Page>[];
export function localePaths(pages: readonly RoutePage[] = [{ params: {}, props: {} }]) {
  return LOCALES.flatMap((locale) => pages.map((page) => ({ params: { ...page.params, locale: localeParam(locale) }, props: { ...page.props, locale } })));
}
