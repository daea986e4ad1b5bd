/**
 * What a page rule finds: which rule, what is wrong and what to do, and the line it is on. Each rule
 * says where its fault is as it finds it, so `check:docs` prints it on its line without running the
 * rule again.
 */

export interface Finding {
  /** The rule's name, as printed beside the message: `canon-severities`, `ownership`. */
  rule: string;
  message: string;
  /** 1-based line of the page; none for a fault of the page as a whole (too few words, a missing key). */
  line?: number;
}

/** The 1-based line of `index` in `text`. */
export function lineAt(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line += 1;
  return line;
}

/** The 1-based line of a front matter key, for a fault of its value. */
export function lineOfKey(source: string, key: string): number | undefined {
  const index = source.split('\n').findIndex((line) => line.startsWith(`${key}:`));
  return index < 0 ? undefined : index + 1;
}

/** A rule's findings, each message once, on the first line it was found on. */
export function once(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter(({ message }) => !seen.has(message) && seen.add(message));
}
