/** Canon rule: ports and PostgreSQL database names in a page are those of system facts. */
import type { Canon } from './docs-canon-facts';
import type { Finding } from './docs-finding';
import { lineAt } from './docs-finding';

/** Ports in URLs, `port=`, `--port` and Session Manager parameters; PostgreSQL database names. */
export function portAndDatabaseProblems(body: string, canon: Canon): Finding[] {
  const problems: Finding[] = [];
  const found = (index: number, message: string) =>
    problems.push({ rule: 'canon-ports', line: lineAt(body, index), message });
  const known = [...canon.ports.keys()].join(', ');
  const patterns = [
    /\b(?:localhost|127\.0\.0\.1|[\w-]+(?:\.[\w-]+)*\.internal):(\d{2,5})\b/g,
    /\bport[= ](\d{2,5})\b/gi,
    /--port[= ](\d{2,5})\b/g,
    /[pP]ortNumber\\?"\s*:\s*\[\s*\\?"(\d+)/g,
  ];
  for (const pattern of patterns) {
    for (const { 1: port, index } of body.matchAll(pattern)) {
      if (!canon.ports.has(port)) found(index, `port ${port} is not one of the ports of system facts (${known})`);
    }
  }
  const postgres = [...canon.ports].find(([, service]) => service === 'PostgreSQL')?.[0];
  for (const { 1: host, 2: port, index } of body.matchAll(/\bpostgres(?:ql)?:\/\/(?:[^@\s/"']*@)?([\w.-]+):(\d+)/g)) {
    if (host !== 'localhost' && port !== postgres)
      found(index, `PostgreSQL listens on ${postgres} in system facts, not ${port}`);
  }
  const databases = [
    ...body.matchAll(/\bdbname=([\w-]+)/g),
    ...body.matchAll(/\bpostgres(?:ql)?:\/\/[^\s/"']+\/([\w-]+)/g),
    ...body.matchAll(/\bpsql\b[^\n]*?\s-d\s+([\w-]+)/g),
  ];
  for (const { 1: database, index } of databases) {
    if (!canon.databases.has(database)) {
      found(
        index,
        `database "${database}" is not the database name of system facts (${[...canon.databases].join(', ')})`,
      );
    }
  }
  return problems;
}
