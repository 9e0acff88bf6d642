/** `Mighty Blow (+1)*` → name `Mighty Blow`, parameter `+1`, compulsory. */
export function splitDisplayName(displayName: string): { name: string; parameter: string | null; compulsory: boolean } {
  // String operations, not a lazy regular expression: linear on a line of any length, and any character (U+2028 too).
  let body = displayName.trim();
  const compulsory = body.endsWith('*');
  if (compulsory) body = body.slice(0, -1);
  if (body.endsWith(')')) {
    const open = body.lastIndexOf('(');
    const inner = open < 0 ? '' : body.slice(open + 1, -1);
    if (inner !== '' && !/[()]/.test(inner)) return { name: body.slice(0, open).trim(), parameter: inner.trim(), compulsory };
  }
  return { name: body.trim(), parameter: null, compulsory };
}
