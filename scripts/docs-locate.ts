/**
 * The line a page check's message is about. The content, ownership and system-facts checks read a
 * page as a whole and say what is wrong, not where; rather than teach each rule to count lines,
 * this finds the line by the check itself: the first line by which the page, read from its top,
 * already has the fault (a binary search over the lines, about ten runs of the check). A message
 * about the front matter points at its key.
 */

/** The 1-based lines of the front matter (`---` to `---`), or none. */
function frontMatterLines(lines: string[]): number {
  if (lines[0]?.trim() !== '---') return 0;
  const end = lines.findIndex((line, index) => index > 0 && line.trim() === '---');
  return end < 0 ? 0 : end + 1;
}

/** Messages about the page as a whole, which no one line holds. */
const WHOLE_PAGE = [/ words of prose/, /^no "##" section/, /^front matter "[\w-]+" is missing/];

/**
 * The line of `problem`, which `check` finds in `source`, or undefined for a fault of the whole
 * page. `check` must be the check that reported it, run on any text.
 */
export function lineOf(source: string, problem: string, check: (text: string) => string[]): number | undefined {
  if (WHOLE_PAGE.some((pattern) => pattern.test(problem))) return undefined;
  const lines = source.split('\n');
  const frontMatter = frontMatterLines(lines);
  // `owner "Ops" is not a team …`, `front matter "title" …`: the message names the key first or quoted.
  const namesKey = (line: string) => {
    const key = /^([\w-]+):/.exec(line)?.[1];
    return key !== undefined && (problem.startsWith(`${key} `) || problem.includes(`"${key}"`));
  };
  const key = lines.slice(1, Math.max(frontMatter - 1, 1)).findIndex(namesKey);
  if (key >= 0) return key + 2;
  const has = (count: number) => check(lines.slice(0, count).join('\n')).includes(problem);
  if (!has(lines.length)) return undefined;
  let low = Math.max(frontMatter, 1);
  let high = lines.length;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (has(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}
