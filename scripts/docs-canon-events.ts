/** Canon rule: event names in code spans and in logging and tracing code are in the event table of system facts. */
import type { Canon } from './docs-canon-facts';
import { codeSpans } from './docs-canon-text';

const FILE_EXTENSION = /\.(?:ya?ml|rb|md|csv|json|ts|js|html|sql|graphql|tf)$/;

/**
 * Event names: a dotted name in backticks in an area the canon's events use (not a permission or a
 * file), and the names logged, traced or searched for in code.
 */
export function eventProblems(body: string, canon: Canon): string[] {
  const areas = new Set([...canon.events].map((event) => event.split('.')[0]));
  const inSpans = codeSpans(body).filter(
    (span) =>
      /^[a-z_]+(?:\.[a-z_]+)+$/.test(span) &&
      areas.has(span.split('.')[0]) &&
      !canon.permissions.has(span) &&
      !FILE_EXTENSION.test(span),
  );
  const inCode = [
    /RailsLogger\.(?:debug|info|warn|error)\(\s*"([a-z_]+(?:\.[a-z_]+)+)"/g,
    /@event:([a-z_]+(?:\.[a-z_]+)+)/g,
    /"event":\s*"([a-z_]+(?:\.[a-z_]+)+)"/g,
    /Tracing\.trace\(\s*"([a-z_]+(?:\.[a-z_]+)+)"/g,
  ].flatMap((pattern) => [...body.matchAll(pattern)].map((match) => match[1]));
  return [...inSpans, ...inCode]
    .filter((event) => !canon.events.has(event))
    .map((event) => `event "${event}" is not in the event table of system facts`);
}
