/** SPIKE: stands for brotli's decompressor in the card chunk; fontkit calls it only for WOFF2 fonts, which the cards never load. */
export default function decompress(): never {
  throw new Error('the card chunk reads TTF fonts only (no WOFF2 decoder bundled)');
}
