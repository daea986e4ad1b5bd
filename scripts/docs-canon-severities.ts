/** Canon rule: severities a page names, and the response times it gives them, are those of system facts. */
import type { Canon } from './docs-canon-facts';
import { NUMBER, proseBlocks, sentences, toNumber, withoutSpans } from './docs-canon-text';
import type { Finding } from './docs-finding';

/**
 * Response times of a severity: "acknowledge within N minutes" and "N minutes for a SEVn" in a
 * sentence about acknowledging, and "after N minutes" in one about escalating, each read with the
 * severity it names or the nearest one before it.
 */
export function severityProblems(body: string, canon: Canon): Finding[] {
  const blocks = proseBlocks(body);
  const problems: Finding[] = [];
  const read = blocks.flatMap(({ text, lineOf }) =>
    sentences(withoutSpans(text)).map((sentence) => ({ sentence, lineOf })),
  );
  for (const { sentence, lineOf } of read) {
    const found = (message: string) => problems.push({ rule: 'canon-severities', line: lineOf(sentence), message });
    const mentions = [...sentence.matchAll(/\bSEV(\d+)\b/g)];
    for (const [name] of mentions) {
      if (!canon.severities.has(name))
        found(`severity ${name} is not one of ${[...canon.severities.keys()].join(', ')}`);
    }
    if (!mentions.length) continue;
    const acknowledging = /acknowledg/i.test(sentence);
    // PagerDuty's escalation; an engineer's own choice to page someone sooner is not a fact of the canon.
    const escalating = /PagerDuty/.test(sentence) && /escalat|secondary/i.test(sentence);
    for (const match of sentence.matchAll(new RegExp(`\\b${NUMBER}\\s+minutes?\\b`, 'gi'))) {
      const before = sentence.slice(0, match.index);
      const after = sentence.slice(match.index + match[0].length);
      const named = /^\s+(?:for|of)\s+an?\s+(SEV\d+)/.exec(after)?.[1];
      const nearest = named ?? [...before.matchAll(/\bSEV\d+\b/g)].at(-1)?.[0] ?? mentions[0][0];
      const severity = canon.severities.get(nearest);
      if (!severity) continue;
      const minutes = toNumber(match[1]);
      const isAck =
        acknowledging &&
        (/acknowledg\w*\s+(?:it\s+)?within\s+$/i.test(before) || (named && /\b(?:within|and)\s+$/.test(before)));
      const isEscalation = escalating && /\b(?:after|at)\s+$/.test(before);
      if (isAck && severity.acknowledge !== undefined && minutes !== severity.acknowledge) {
        found(`${nearest} is acknowledged within ${severity.acknowledge} minutes in system facts, not ${minutes}`);
      }
      if (isEscalation && !severity.escalation.includes(minutes)) {
        found(`${nearest} escalates at ${severity.escalation.join(' and ')} minutes in system facts, not ${minutes}`);
      }
    }
  }
  return problems;
}
