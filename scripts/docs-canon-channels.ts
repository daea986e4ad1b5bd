/** Canon rule: every Slack channel a page names is in the channel or team table of system facts. */
import type { Canon } from './docs-canon-facts';
import { prose } from './docs-canon-text';
import type { Finding } from './docs-finding';
import { lineAt } from './docs-finding';

/** Levenshtein distance, for channel names one or two typing mistakes away from a real one. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/**
 * Slack channels a page names. In prose, any `#name` (a heading's `#` is followed by a space). In a
 * code span, `#eng...`, a hyphenated name or a near miss of a listed channel, so that a Ruby method
 * such as `#rows` is not taken for one. Incident channels are named per incident and are not listed.
 */
function channelNames(body: string, canon: Canon): { name: string; line: number }[] {
  const nearMiss = (name: string) => [...canon.channels].some((channel) => editDistance(name, channel) <= 2);
  const inCode = [...body.matchAll(/`(#[a-z][a-z0-9-]*)`/g)]
    .map((match) => ({ name: match[1], line: lineAt(body, match.index) }))
    .filter(({ name }) => name.startsWith('#eng') || name.includes('-') || nearMiss(name));
  const text = prose(body);
  const inProse = [...text.matchAll(/(?<![\w/#&])(#[a-z][a-z0-9-]*)/g)].map((match) => ({
    name: match[1],
    line: lineAt(text, match.index),
  }));
  return [...inCode, ...inProse].filter(({ name }) => !name.startsWith('#inc-'));
}

export function channelProblems(body: string, canon: Canon): Finding[] {
  return channelNames(body, canon)
    .filter(({ name }) => !canon.channels.has(name))
    .map(({ name, line }) => ({
      rule: 'canon-channels',
      line,
      message: `channel "${name}" is not in the channel or team table of system facts`,
    }));
}
