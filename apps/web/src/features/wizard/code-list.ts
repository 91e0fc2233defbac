/** Reads a comma-separated list of codes: trimmed, without blanks or repeats, in the order typed. */
export function parseCodeList(text: string): string[] {
  return [...new Set(text.split(',').map((part) => part.trim()).filter((part) => part !== ''))];
}
