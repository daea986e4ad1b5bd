/** Canon rule: an AWS CLI profile in code (`--profile`, `AWS_PROFILE=`) is one of system facts. */
import type { Canon } from './docs-canon-facts';
import type { CodeBlock } from './docs-canon-text';

export function profileProblems({ code }: CodeBlock, canon: Canon): string[] {
  return [...code.matchAll(/(?:--profile[ =]|AWS_PROFILE=)["']?([\w-]+)/g)]
    .filter((match) => !canon.profiles.has(match[1]))
    .map((match) => `AWS CLI profile "${match[1]}" is not one of ${[...canon.profiles].join(', ')}`);
}
