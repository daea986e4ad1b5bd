/** Canon rule: event names in code spans and in logging and tracing code are in the event table of system facts. */
import type { Canon } from './docs-canon-facts';
import type { Finding } from './docs-finding';
import { lineAt } from './docs-finding';

const FILE_EXTENSION = /\.(?:ya?ml|rb|md|csv|json|ts|js|html|sql|graphql|tf)$/;

/**
 * Event names: a dotted name in backticks in an area the canon's events use (not a permission or a
 * file), and the names logged, traced or searched for in code.
 */
export function eventProblems(body: string, canon: Canon): Finding[] {
  const areas = new Set([...canon.events].map((event) => event.split('.')[0]));
  const named = (pattern: RegExp) =>
    [...body.matchAll(pattern)].map((match) => ({ event: match[1], line: lineAt(body, match.index) }));
  const inSpans = named(/`([^`\n]+)`/g).filter(
    ({ event }) =>
      /^[a-z_]+(?:\.[a-z_]+)+$/.test(event) &&
      areas.has(event.split('.')[0]) &&
      !canon.permissions.has(event) &&
      !FILE_EXTENSION.test(event),
  );
  const inCode = [
    /RailsLogger\.(?:debug|info|warn|error)\(\s*"([a-z_]+(?:\.[a-z_]+)+)"/g,
    /@event:([a-z_]+(?:\.[a-z_]+)+)/g,
    /"event":\s*"([a-z_]+(?:\.[a-z_]+)+)"/g,
    /Tracing\.trace\(\s*"([a-z_]+(?:\.[a-z_]+)+)"/g,
  ].flatMap(named);
  return [...inSpans, ...inCode]
    .filter(({ event }) => !canon.events.has(event))
    .map(({ event, line }) => ({
      rule: 'canon-events',
      line,
      message: `event "${event}" is not in the event table of system facts`,
    }));
}
