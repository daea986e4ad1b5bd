/**
 * A markdownlint-cli2 output formatter (`.markdownlint-cli2.jsonc`, `outputFormatters`): under
 * GitHub Actions, each result also as an `::error` annotation on its line of the page
 * (`docs-problems.ts`); elsewhere it prints nothing, beside the default formatter's readable lines.
 */
import { tsImport } from 'tsx/esm/api';

const { annotation, underGitHubActions } = await tsImport('./docs-problems.ts', import.meta.url);

/** @param {import('markdownlint-cli2').OutputFormatterOptions} options */
export default function annotate({ results, logMessage }) {
  if (!underGitHubActions()) return Promise.resolve();
  for (const { fileName, lineNumber, ruleNames, ruleDescription, errorDetail, errorRange, fixInfo } of results) {
    const detail = errorDetail ? ` [${errorDetail}]` : '';
    const fix = fixInfo ? ': `npx markdownlint-cli2 --fix` repairs it' : '';
    const message = `${ruleNames.join('/')} ${ruleDescription}${detail}${fix}`;
    logMessage(annotation({ file: fileName, line: lineNumber, column: errorRange?.[0], message }));
  }
  return Promise.resolve();
}
