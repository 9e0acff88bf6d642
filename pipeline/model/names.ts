/** `Mighty Blow (+1)*` → name `Mighty Blow`, parameter `+1`, compulsory. */
export function splitDisplayName(displayName: string): { name: string; parameter: string | null; compulsory: boolean } {
  const match = /^(.*?)(?:\s*\(([^()]+)\))?(\*)?$/.exec(displayName.trim())!;
  return { name: match[1]!.trim(), parameter: match[2]?.trim() ?? null, compulsory: match[3] === '*' };
}
