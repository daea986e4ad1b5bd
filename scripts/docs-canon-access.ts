/** Canon rule: the roles and permissions a page names are in the role and permission tables of system facts. */
import type { Canon } from './docs-canon-facts';
import { codeBlocks, codeSpans, lineInBlock } from './docs-canon-text';
import type { Finding } from './docs-finding';
import { lineAt } from './docs-finding';

interface Named {
  name: string;
  line: number;
}

/** Roles and permissions a page names: in authorization calls, `roles.yml` excerpts and before the word "role". */
function accessNames(body: string): { roles: Named[]; permissions: Named[] } {
  const roles: Named[] = [];
  const permissions: Named[] = [];
  const inBody = (match: RegExpMatchArray, name: string) => ({ name, line: lineAt(body, match.index ?? 0) });
  for (const match of body.matchAll(/\b(?:authorize_mutation!|permitted\?)\(\s*["']([a-z_.]+)["']/g)) {
    permissions.push(inBody(match, match[1]));
  }
  for (const block of codeBlocks(body)) {
    const { language, code } = block;
    if (language !== 'yaml' || !/^\s+permissions:\s*$/m.test(code)) continue;
    const inCode = (pattern: RegExp) =>
      [...code.matchAll(pattern)].map((match) => ({ name: match[1], line: lineInBlock(block, match.index) }));
    roles.push(...inCode(/^([a-z_]+):\s*$/gm));
    roles.push(...inCode(/^\s+inherits:\s*([a-z_]+)/gm));
    permissions.push(...inCode(/^\s+-\s+([a-z_]+\.[a-z_]+)\s*$/gm));
  }
  for (const match of body.matchAll(/((?:`[a-z_]+`(?:,\s*|\s+or\s+|\s+and\s+))*`[a-z_]+`) roles?\b/g)) {
    roles.push(...codeSpans(match[1]).map((name) => inBody(match, name)));
  }
  for (const match of body.matchAll(/\broles? \(((?:`[a-z_]+`(?:,\s*|\s+or\s+|\s+and\s+)?)+)/g)) {
    roles.push(...codeSpans(match[1]).map((name) => inBody(match, name)));
  }
  for (const match of body.matchAll(/iam:users:create\[[^,\]]+,([a-z_]+)\]/g)) roles.push(inBody(match, match[1]));
  return { roles, permissions };
}

const rule = 'canon-access';

export function accessProblems(body: string, canon: Canon): Finding[] {
  const { roles, permissions } = accessNames(body);
  return [
    ...roles
      .filter(({ name }) => !canon.roles.has(name))
      .map(({ name, line }) => ({ rule, line, message: `role "${name}" is not in the role table of system facts` })),
    ...permissions
      .filter(({ name }) => !canon.permissions.has(name))
      .map(({ name, line }) => ({
        rule,
        line,
        message: `permission "${name}" is not in the permission table of system facts`,
      })),
  ];
}
