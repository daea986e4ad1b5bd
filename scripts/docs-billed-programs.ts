/**
 * Billed programs and the conditions of billing them. The billing conditions table of
 * `docs/arc/modules/reporting/claims/claims-submission.md` lists every program we bill with its codes,
 * its access requirement and how we meet it; a program a payer's plan is set up to bill
 * (`program_codes` in code) must be a row of it. CMS bills a program on conditions beyond the minutes
 * (CCM needs 24/7 access to clinical staff), and a program that reached a plan without its row is how
 * a condition goes unmet while the claims go out.
 */
import type { Finding } from './docs-finding';
import { lineAt, once } from './docs-finding';

export interface BillingCondition {
  codes: string;
  access: string;
  howMet: string;
}

/** The table headed "Billed program", by program; a row without an access requirement or how it is met fails. */
export function readBillingConditions(markdown: string): Map<string, BillingCondition> {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => /^\|\s*Billed program\s*\|/.test(line));
  if (start < 0) throw new Error('claims submission: no table headed "Billed program" (billing conditions)');
  const conditions = new Map<string, BillingCondition>();
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [program, codes, access, howMet] = line
      .trim()
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim());
    if (!access || !howMet) {
      throw new Error(
        `claims submission: billed program "${program}" has no access requirement or no "how we meet it"`,
      );
    }
    conditions.set(program, { codes, access, howMet });
  }
  if (conditions.size === 0) throw new Error('claims submission: the billing conditions table is empty');
  return conditions;
}

/** Programs named in `program_codes: %w[CCM]`, `program_codes: ["CCM"]` or `program_code: "CCM"`, with their lines. */
function programsNamed(source: string): { program: string; line: number }[] {
  const lists = [...source.matchAll(/\bprogram_codes?:\s*(%w\[[^\]]*\]|\[[^\]]*\]|"[^"]*"|'[^']*')/g)];
  return lists.flatMap(({ 1: list, index }) =>
    (list.replace(/^%w/, '').match(/[A-Za-z][A-Za-z0-9_]*/g) ?? []).map((program) => ({
      program,
      line: lineAt(source, index),
    })),
  );
}

/** A program a page sets up for billing that the billing conditions do not list. */
export function billedProgramProblems(source: string, conditions: Map<string, BillingCondition>): Finding[] {
  return once(
    programsNamed(source)
      .filter(({ program }) => !conditions.has(program))
      .map(({ program, line }) => ({
        rule: 'billed-programs',
        line,
        message: `program "${program}" in program_codes is not a row of the billing conditions (claims submission): add it with its access requirement, or leave it out`,
      })),
  );
}
