/**
 * Stands for brotli's decompressor in the card worker (aliased in
 * astro.config.mjs): fontkit calls it only for WOFF2 fonts, and the cards
 * embed TTF faces only, so it is never called and changes no byte. It keeps
 * 90 kB (a third of the worker) off the wire.
 */
export default function decompress(): never {
  throw new Error('the card worker reads TTF fonts only (no WOFF2 decoder bundled)');
}
