/**
 * A deck in a link: `#deck=1.<base64url(deflate-raw(JSON))>`, in the fragment
 * (never sent to a server). The JSON holds the fields that differ from the
 * defaults (deck-state.ts), the roster as text. Compressed and inflated by
 * the browser's own CompressionStream (Node has it too). Bounded: a fragment
 * over MAX_LINK characters is refused, inflation stops past MAX_JSON bytes (a
 * link cannot be a deflate bomb), and the JSON is checked field by field
 * before anything reads it. `#skills=…&edition=…&lang=…` (plain, what the
 * concept pages link to) is read too.
 */
import { changedFields, stateFromFields, type DeckState, type LinkProblem } from './deck-state.ts';

/** Chat and mail clients cut longer links. */
export const MAX_LINK = 8192;
const MAX_JSON = 96 * 1024;
const VERSION = '1';

export type DecodedLink = { state: DeckState } | { problem: LinkProblem } | null;

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const base64 = btoa(binary).replaceAll('+', '-').replaceAll('/', '_');
  // Without its padding (one or two '=' at the end).
  return base64.endsWith('==') ? base64.slice(0, -2) : base64.endsWith('=') ? base64.slice(0, -1) : base64;
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

async function deflate(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The inflated text, or null when it is not deflate data or inflates past `limit` bytes. */
async function inflate(bytes: Uint8Array, limit: number): Promise<string | null> {
  const reader = new Blob([new Uint8Array(bytes)]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > limit) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
  } catch {
    return null;
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(all);
  } catch {
    return null;
  }
}

/** The fragment (without `#`) that carries the state; empty for the defaults. */
export async function encodeDeck(state: DeckState): Promise<string> {
  const fields = changedFields(state);
  if (!Object.keys(fields).length) return '';
  return `deck=${VERSION}.${toBase64Url(await deflate(JSON.stringify(fields)))}`;
}

/** The state a fragment carries; null when it carries none; a problem when it cannot be read. */
export async function decodeDeck(fragment: string): Promise<DecodedLink> {
  const hash = fragment.replace(/^#/, '');
  if (!hash) return null;
  if (hash.length > MAX_LINK) return { problem: { kind: 'too-long', length: hash.length, max: MAX_LINK } };
  const params = new URLSearchParams(hash);
  const deck = params.get('deck');
  if (deck === null) return plainDeck(params);
  const dot = deck.indexOf('.');
  const version = dot < 0 ? '' : deck.slice(0, dot);
  if (version !== VERSION) return { problem: { kind: 'version', found: version.slice(0, 10), expected: VERSION } };
  const bytes = fromBase64Url(deck.slice(dot + 1));
  const json = bytes && (await inflate(bytes, MAX_JSON));
  if (json === null || json === undefined) return { problem: { kind: 'damaged' } };
  let fields: unknown;
  try {
    fields = JSON.parse(json);
  } catch {
    return { problem: { kind: 'damaged' } };
  }
  return stateFromFields(fields);
}

/** `#skills=en-2020/block&edition=en-2020&lang=en`: the links of the concept pages. */
function plainDeck(params: URLSearchParams): DecodedLink {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of params) {
    if (key === 'skills') Object.assign(fields, { source: 'skills', skills: value });
    else if (key === 'edition' || key === 'lang') fields[key] = value;
    else return { problem: { kind: 'unknown-field', key: key.slice(0, 40) } };
  }
  return stateFromFields(fields);
}
