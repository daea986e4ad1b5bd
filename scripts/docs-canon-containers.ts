/**
 * Canon rule: a task runs its service's container and the sidecars, so no page says it runs one
 * container or picks one by position, and every container a page names is a service's or a sidecar.
 */
import type { Canon } from './docs-canon-facts';
import type { CodeBlock } from './docs-canon-text';
import { lineInBlock, prose } from './docs-canon-text';
import type { Finding } from './docs-finding';
import { lineAt } from './docs-finding';

const rule = 'canon-containers';

function perTask(canon: Canon): string {
  return `a task runs ${1 + canon.sidecars.size} containers: its service's and ${[...canon.sidecars].join(' and ')}`;
}

/** Container names used in Terraform, ECS overrides and `execute-command`. */
function containerNames(code: string): RegExpExecArray[] {
  const patterns = [
    /\bcontainer_name\s*=\s*"([^"]+)"/g,
    /"containerOverrides"\s*:\s*\[\s*\{\s*"name"\s*:\s*"([^"]+)"/g,
    /--container\s+([\w-]+)/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)]);
}

/** Prose that says a task runs one container. */
export function containerCountProblems(body: string, canon: Canon): Finding[] {
  const text = prose(body);
  const said = /\b(?:one|a single|only one|its one|its only|the only)\s+container\b/i.exec(text);
  return said
    ? [{ rule, line: lineAt(text, said.index), message: `${perTask(canon)}; write "one application container"` }]
    : [];
}

/** Containers named in a code block, and a container picked by its position. */
export function containerCodeProblems(block: CodeBlock, canon: Canon): Finding[] {
  const containers = [...canon.services, ...canon.sidecars];
  const problems: Finding[] = containerNames(block.code)
    .filter((match) => !containers.includes(match[1]))
    .map((match) => ({
      rule,
      line: lineInBlock(block, match.index),
      message: `container "${match[1]}" is not named after its service (${[...canon.services].join(', ')}) nor a sidecar (${[...canon.sidecars].join(', ')})`,
    }));
  const byPosition = /\bcontainers\[\d+\]/.exec(block.code);
  if (byPosition) {
    problems.push({
      rule,
      line: lineInBlock(block, byPosition.index),
      message: `${perTask(canon)}; pick one by name (containers[?name=='platform-web']), not by position`,
    });
  }
  return problems;
}
