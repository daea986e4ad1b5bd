/**
 * Canon rule: every `@pagerduty-<service>` handle a page names, in a monitor's message or in prose, is
 * one of the PagerDuty services of system facts. Datadog delivers such a mention only to a service
 * configured in its PagerDuty integration; a handle that matches none notifies nobody, silently.
 */
import type { Canon } from './docs-canon-facts';
import type { Finding } from './docs-finding';
import { lineAt, once } from './docs-finding';

export function pagerDutyProblems(body: string, canon: Canon): Finding[] {
  return once(
    [...body.matchAll(/@pagerduty-[A-Za-z0-9_-]+/g)]
      .filter(([handle]) => !canon.pagerDutyHandles.has(handle))
      .map(({ 0: handle, index }) => ({
        rule: 'canon-pagerduty',
        line: lineAt(body, index),
        message: `PagerDuty handle "${handle}" is not a service of the PagerDuty table of system facts: it would page nobody`,
      })),
  );
}
