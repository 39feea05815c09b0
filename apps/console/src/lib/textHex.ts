/** UTF-8 text as lowercase hex (downlink forms' text mode). */
export function textToHex(s: string): string {
  return Array.from(new TextEncoder().encode(s), (b) => b.toString(16).padStart(2, '0')).join('');
}
