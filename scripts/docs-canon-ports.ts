/** Canon rule: ports and PostgreSQL database names in a page are those of system facts. */
import type { Canon } from './docs-canon-facts';

/** Ports in URLs, `port=`, `--port` and Session Manager parameters; PostgreSQL database names. */
export function portAndDatabaseProblems(body: string, canon: Canon): string[] {
  const problems: string[] = [];
  const known = [...canon.ports.keys()].join(', ');
  const patterns = [
    /\b(?:localhost|127\.0\.0\.1|[\w-]+(?:\.[\w-]+)*\.internal):(\d{2,5})\b/g,
    /\bport[= ](\d{2,5})\b/gi,
    /--port[= ](\d{2,5})\b/g,
    /[pP]ortNumber\\?"\s*:\s*\[\s*\\?"(\d+)/g,
  ];
  for (const pattern of patterns) {
    for (const [, port] of body.matchAll(pattern)) {
      if (!canon.ports.has(port)) problems.push(`port ${port} is not one of the ports of system facts (${known})`);
    }
  }
  const postgres = [...canon.ports].find(([, service]) => service === 'PostgreSQL')?.[0];
  for (const [, host, port] of body.matchAll(/\bpostgres(?:ql)?:\/\/(?:[^@\s/"']*@)?([\w.-]+):(\d+)/g)) {
    if (host !== 'localhost' && port !== postgres)
      problems.push(`PostgreSQL listens on ${postgres} in system facts, not ${port}`);
  }
  const databases = [
    ...body.matchAll(/\bdbname=([\w-]+)/g),
    ...body.matchAll(/\bpostgres(?:ql)?:\/\/[^\s/"']+\/([\w-]+)/g),
    ...body.matchAll(/\bpsql\b[^\n]*?\s-d\s+([\w-]+)/g),
  ].map((match) => match[1]);
  for (const database of databases) {
    if (!canon.databases.has(database)) {
      problems.push(
        `database "${database}" is not the database name of system facts (${[...canon.databases].join(', ')})`,
      );
    }
  }
  return problems;
}
