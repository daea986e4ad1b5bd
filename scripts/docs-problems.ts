/**
 * A fault in a page, where it is and what to do, printed one way for a person and, under GitHub
 * Actions, also as a workflow command, so that it shows on its line of the pull request's diff.
 * `check:docs`, the build (`build-report.ts`) and markdownlint (`markdownlint-annotations.mjs`)
 * print their faults through here.
 */

export interface Problem {
  /** The page, from the site's folder: `docs/...`. */
  file: string;
  /** 1-based; none for a fault of the page as a whole. */
  line?: number;
  column?: number;
  /** The rule that found it (`canon-severities`, `links`), printed after the message. */
  rule?: string;
  message: string;
}

/**
 * `docs/x.md:14:6: message (rule)`, as editors and terminals link it; `docs/x.md: message (rule)` for
 * the whole page.
 */
export function formatProblem({ file, line, column, rule, message }: Problem): string {
  const where = [file, line, line === undefined ? undefined : column].filter((part) => part !== undefined).join(':');
  return `${where}: ${message}${rule ? ` (${rule})` : ''}`;
}

/**
 * GitHub's escaping of a workflow command's message and of its properties, as its own toolkit does
 * it (actions/toolkit, packages/core/src/command.ts: escapeData, escapeProperty): `%`, CR and LF in
 * both, and `:` and `,` too in a property, where they would end the value.
 */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * `::error file=docs/x.md,line=14,col=6::message`, GitHub's "Setting an error message" workflow
 * command (docs.github.com, "Workflow commands for GitHub Actions"): an annotation on that line of
 * the file. A fault of the whole page is put on its first line, so that it shows on the diff too.
 */
export function annotation({ file, line, column, rule, message }: Problem): string {
  const properties = [`file=${escapeProperty(file)}`, `line=${line ?? 1}`];
  if (line !== undefined && column !== undefined) properties.push(`col=${column}`);
  // `title`, the annotation's heading on the diff (same page): the rule that found the fault.
  if (rule) properties.push(`title=${escapeProperty(rule)}`);
  return `::error ${properties.join(',')}::${escapeData(message)}`;
}

/** GitHub sets `GITHUB_ACTIONS=true` in every step of a workflow run ("Default environment variables"). */
export function underGitHubActions(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.GITHUB_ACTIONS === 'true';
}

/** Each problem as a person reads it, followed under GitHub Actions by its annotation. */
export function problemLines(problems: Problem[], env: NodeJS.ProcessEnv = process.env): string[] {
  const annotate = underGitHubActions(env);
  return problems.flatMap((problem) => [formatProblem(problem), ...(annotate ? [annotation(problem)] : [])]);
}
