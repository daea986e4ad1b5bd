/**
 * Canon rule: a task runs its service's container and the sidecars, so no page says it runs one
 * container or picks one by position, and every container a page names is a service's or a sidecar.
 */
import type { Canon } from './docs-canon-facts';
import type { CodeBlock } from './docs-canon-text';
import { prose } from './docs-canon-text';

function perTask(canon: Canon): string {
  return `a task runs ${1 + canon.sidecars.size} containers: its service's and ${[...canon.sidecars].join(' and ')}`;
}

/** Container names used in Terraform, ECS overrides and `execute-command`. */
function containerNames(code: string): string[] {
  const patterns = [
    /\bcontainer_name\s*=\s*"([^"]+)"/g,
    /"containerOverrides"\s*:\s*\[\s*\{\s*"name"\s*:\s*"([^"]+)"/g,
    /--container\s+([\w-]+)/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1]));
}

/** Prose that says a task runs one container. */
export function containerCountProblems(body: string, canon: Canon): string[] {
  return /\b(?:one|a single|only one|its one|its only|the only)\s+container\b/i.test(prose(body))
    ? [`${perTask(canon)}; write "one application container"`]
    : [];
}

/** Containers named in a code block, and a container picked by its position. */
export function containerCodeProblems({ code }: CodeBlock, canon: Canon): string[] {
  const containers = [...canon.services, ...canon.sidecars];
  const problems = containerNames(code)
    .filter((container) => !containers.includes(container))
    .map(
      (container) =>
        `container "${container}" is not named after its service (${[...canon.services].join(', ')}) nor a sidecar (${[...canon.sidecars].join(', ')})`,
    );
  if (/\bcontainers\[\d+\]/.test(code)) {
    problems.push(`${perTask(canon)}; pick one by name (containers[?name=='platform-web']), not by position`);
  }
  return problems;
}
