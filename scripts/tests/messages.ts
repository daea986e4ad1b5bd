/** What a rule's tests compare: the messages of its findings, in order (their lines are tested beside). */
import type { Finding } from '../docs-finding';

export function messages(findings: Finding[]): string[] {
  return findings.map(({ message }) => message);
}
