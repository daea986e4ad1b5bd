/** Canon rule: an AWS CLI profile in code (`--profile`, `AWS_PROFILE=`) is one of system facts. */
import type { Canon } from './docs-canon-facts';
import type { CodeBlock } from './docs-canon-text';
import { lineInBlock } from './docs-canon-text';
import type { Finding } from './docs-finding';

export function profileProblems(block: CodeBlock, canon: Canon): Finding[] {
  return [...block.code.matchAll(/(?:--profile[ =]|AWS_PROFILE=)["']?([\w-]+)/g)]
    .filter((match) => !canon.profiles.has(match[1]))
    .map((match) => ({
      rule: 'canon-profiles',
      line: lineInBlock(block, match.index),
      message: `AWS CLI profile "${match[1]}" is not one of ${[...canon.profiles].join(', ')}`,
    }));
}
