/** Canon rule: a Datadog dashboard a page names is in the dashboard table of system facts. */
import type { Canon } from './docs-canon-facts';
import type { Finding } from './docs-finding';
import { lineAt } from './docs-finding';

/** Datadog dashboards named in quotes or bold next to the word "dashboard". */
export function dashboardProblems(body: string, canon: Canon): Finding[] {
  const quoted = '(?:"([^"\\n]+)"|\\*\\*([^*\\n]+)\\*\\*)';
  const names = [
    ...body.matchAll(new RegExp(`${quoted}\\s+dashboard\\b`, 'g')),
    ...body.matchAll(new RegExp(`\\bdashboard\\s+${quoted}`, 'g')),
  ].map((match) => ({ name: match[1] ?? match[2], line: lineAt(body, match.index) }));
  return names
    .filter(({ name }) => !canon.dashboards.has(name))
    .map(({ name, line }) => ({
      rule: 'canon-dashboards',
      line,
      message: `dashboard "${name}" is not in the Datadog dashboard table of system facts`,
    }));
}
