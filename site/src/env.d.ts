// The Astro globals and modules (astro:content, import.meta.env) for the site's type check
// (pipeline/scripts/check-site.ts) and editors, without `astro sync`'s generated .astro/types.d.ts.
/// <reference types="astro/client" />

// Starlight's virtual module that SiteSearch.astro (a copy of Starlight's Search.astro) reads: its
// type is in Starlight's source (virtual.d.ts), not in the package.
declare module 'virtual:starlight/project-context' {
  const ProjectContext: {
    root: string;
    srcDir: string;
    trailingSlash: import('astro').AstroConfig['trailingSlash'];
    build: { format: import('astro').AstroConfig['build']['format'] };
  };
  export default ProjectContext;
}
