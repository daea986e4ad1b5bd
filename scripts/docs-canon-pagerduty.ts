/**
 * Canon rule: every `@pagerduty-<service>` handle a page names, in a monitor's message or in prose, is
 * one of the PagerDuty services of system facts. Datadog delivers such a mention only to a service
 * configured in its PagerDuty integration; a handle that matches none notifies nobody, silently.
 */
import type { Canon } from './docs-canon-facts';

export function pagerDutyProblems(body: string, canon: Canon): string[] {
  const handles = [...body.matchAll(/@pagerduty-[A-Za-z0-9_-]+/g)].map(([handle]) => handle);
  return [...new Set(handles)]
    .filter((handle) => !canon.pagerDutyHandles.has(handle))
    .map(
      (handle) =>
        `PagerDuty handle "${handle}" is not a service of the PagerDuty table of system facts: it would page nobody`,
    );
}
