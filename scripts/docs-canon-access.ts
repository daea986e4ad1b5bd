/** Canon rule: the roles and permissions a page names are in the role and permission tables of system facts. */
import type { Canon } from './docs-canon-facts';
import { codeBlocks, codeSpans } from './docs-canon-text';

/** Roles and permissions a page names: in authorization calls, `roles.yml` excerpts and before the word "role". */
function accessNames(body: string): { roles: string[]; permissions: string[] } {
  const roles: string[] = [];
  const permissions: string[] = [];
  for (const match of body.matchAll(/\b(?:authorize_mutation!|permitted\?)\(\s*["']([a-z_.]+)["']/g)) {
    permissions.push(match[1]);
  }
  for (const { language, code } of codeBlocks(body)) {
    if (language !== 'yaml' || !/^\s+permissions:\s*$/m.test(code)) continue;
    roles.push(...[...code.matchAll(/^([a-z_]+):\s*$/gm)].map((match) => match[1]));
    roles.push(...[...code.matchAll(/^\s+inherits:\s*([a-z_]+)/gm)].map((match) => match[1]));
    permissions.push(...[...code.matchAll(/^\s+-\s+([a-z_]+\.[a-z_]+)\s*$/gm)].map((match) => match[1]));
  }
  for (const match of body.matchAll(/((?:`[a-z_]+`(?:,\s*|\s+or\s+|\s+and\s+))*`[a-z_]+`) roles?\b/g)) {
    roles.push(...codeSpans(match[1]));
  }
  for (const match of body.matchAll(/\broles? \(((?:`[a-z_]+`(?:,\s*|\s+or\s+|\s+and\s+)?)+)/g)) {
    roles.push(...codeSpans(match[1]));
  }
  for (const match of body.matchAll(/iam:users:create\[[^,\]]+,([a-z_]+)\]/g)) roles.push(match[1]);
  return { roles, permissions };
}

export function accessProblems(body: string, canon: Canon): string[] {
  const { roles, permissions } = accessNames(body);
  return [
    ...roles
      .filter((role) => !canon.roles.has(role))
      .map((role) => `role "${role}" is not in the role table of system facts`),
    ...permissions
      .filter((permission) => !canon.permissions.has(permission))
      .map((permission) => `permission "${permission}" is not in the permission table of system facts`),
  ];
}
