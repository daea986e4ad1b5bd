/**
 * Review intervals that follow a page's risk. A page declares its risk in front matter
 * (`risk: billing`, or a list such as `risk: [billing, phi]`); the review-interval table of System
 * facts gives each risk its interval (90 days for billing, safety and PHI pages) and every other page
 * its default (180 days). A page may be reviewed more often than its risk asks, never less often, so
 * the pages that can over-bill, miss a safety follow-up or leak PHI come due first.
 */
import matter from 'gray-matter';
import { codeSpans } from './docs-canon-text';
import type { Finding } from './docs-finding';
import { lineAt, lineOfKey } from './docs-finding';

export interface ReviewPolicy {
  /** Risk name, as written in front matter, to its review interval in days. */
  intervals: Map<string, number>;
  /** The interval of a page that declares no risk. */
  defaultDays: number;
}

/** The table of System facts headed "Risk": a risk in backticks per row, or "none" for the default. */
export function readReviewPolicy(canonMarkdown: string): ReviewPolicy {
  const intervals = new Map<string, number>();
  let defaultDays: number | undefined;
  const lines = canonMarkdown.split('\n');
  const start = lines.findIndex((line) => /^\|\s*Risk\s*\|/.test(line));
  if (start < 0) throw new Error('system facts: no table headed "Risk" (review intervals)');
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [risk, interval] = line
      .split('|')
      .slice(1, 3)
      .map((cell) => cell.trim());
    const days = Number(/^(\d+) days$/.exec(interval)?.[1]);
    if (!Number.isInteger(days)) throw new Error(`system facts: review interval "${interval}" is not "N days"`);
    const [name] = codeSpans(risk);
    if (name) intervals.set(name, days);
    else defaultDays = days;
  }
  if (defaultDays === undefined) throw new Error('system facts: the "Risk" table has no row for pages of no risk');
  return { intervals, defaultDays };
}

/** The risks a page declares: `risk` in its front matter, one name or a list. */
function declaredRisks(data: Record<string, unknown>): unknown[] {
  if (data.risk === undefined) return [];
  return Array.isArray(data.risk) ? data.risk : [data.risk];
}

/** The shortest interval among the page's risks, the default when it declares none or none known. */
function riskInterval(risks: unknown[], policy: ReviewPolicy): number {
  const known = risks.flatMap((risk) => policy.intervals.get(String(risk)) ?? []);
  return known.length ? Math.min(...known) : policy.defaultDays;
}

/**
 * What a page's text shows it carries, whatever its front matter says: the safety follow-up rule
 * (`safety_follow_up`, PHQ-9 item 9) is a safety page, and the CCM codes we bill make a billing page.
 */
const EVIDENCE: Array<{ risk: string; pattern: RegExp; what: string }> = [
  {
    risk: 'safety',
    pattern: /\bsafety_follow_up\b|\bitem 9\b/,
    what: 'the safety follow-up rule (safety_follow_up, PHQ-9 item 9)',
  },
  { risk: 'billing', pattern: /\b(?:99490|99439)\b/, what: 'a CPT code we bill (99490, 99439)' },
];

/**
 * An unknown risk, a `review_interval_days` longer than the page's risk allows, and a page whose text
 * carries a risk its front matter does not declare (a self-declared risk is otherwise invisible).
 */
export function reviewRiskProblems(source: string, policy: ReviewPolicy): Finding[] {
  const { data, content } = matter(source, {});
  const problems: Finding[] = [];
  const found = (line: number | undefined, message: string) => problems.push({ rule: 'review-risk', line, message });
  const risks = declaredRisks(data);
  // The body's first line in the page, so that a line of `content` is told as the page's.
  const bodyStart = source.endsWith(content) ? lineAt(source, source.length - content.length) - 1 : 0;
  for (const { risk, pattern, what } of EVIDENCE) {
    const evidence = pattern.exec(content);
    if (evidence && !risks.map(String).includes(risk)) {
      found(
        bodyStart + lineAt(content, evidence.index),
        `the page names ${what} but does not declare risk "${risk}" in its front matter (review intervals, system facts)`,
      );
    }
  }
  const names = [...policy.intervals.keys()].join(', ');
  for (const risk of risks) {
    if (!policy.intervals.has(String(risk))) {
      found(
        lineOfKey(source, 'risk'),
        `risk "${String(risk)}" is not one of ${names} (review intervals, system facts)`,
      );
    }
  }
  const longest = riskInterval(risks, policy);
  const set = data.review_interval_days;
  if (typeof set === 'number' && set > longest) {
    const why = risks.length ? `a page of risk ${risks.join(', ')}` : 'a page';
    found(
      lineOfKey(source, 'review_interval_days'),
      `review_interval_days ${set}: ${why} is reviewed at least every ${longest} days (review intervals, system facts)`,
    );
  }
  return problems;
}

/** The page's review interval: its own `review_interval_days` when shorter, else its risk's. */
export function reviewIntervalDays(source: string, policy: ReviewPolicy): number {
  const { data } = matter(source, {});
  const byRisk = riskInterval(declaredRisks(data), policy);
  const set = data.review_interval_days;
  return typeof set === 'number' && set > 0 ? Math.min(set, byRisk) : byRisk;
}
