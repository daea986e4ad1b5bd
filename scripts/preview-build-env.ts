/**
 * What `npm run build:preview` reads and prints (scripts/build-preview.ts): the build variables
 * preview-build.yml passes as one JSON variable, and the line that serves the preview it built.
 */

export const BUILD_ENV_VARIABLE = 'HANDBOOK_PREVIEW_BUILD_ENV';

/** The build's variables from `HANDBOOK_PREVIEW_BUILD_ENV`: `HANDBOOK_*` names, string values. */
export function buildVariablesFrom(json: string | undefined): Record<string, string> {
  if (!json?.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error(`${BUILD_ENV_VARIABLE} is not JSON: set it to what \`npm run preview -- build-env\` prints.`);
  }
  const entries =
    typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? Object.entries(parsed) : null;
  const wrong = entries?.find(([name, value]) => !/^HANDBOOK_[A-Z_]+$/.test(name) || typeof value !== 'string');
  if (!entries || wrong) {
    throw new Error(
      `${BUILD_ENV_VARIABLE} must be an object of HANDBOOK_* variables with string values${wrong ? `; "${wrong[0]}" is not` : ''}.`,
    );
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

/** The exact command that serves build `outDir` as the preview of `pullRequest`, beside `build/`. */
export function serveLineFor(pullRequest: number, outDir: string): string {
  const argument = `${pullRequest}=${outDir}`;
  // A folder with spaces or shell characters is quoted, so the line can be pasted as printed.
  const quoted = /^[\w./=-]+$/.test(argument) ? argument : `'${argument.replaceAll("'", "'\\''")}'`;
  return `npm run serve -- --preview ${quoted}`;
}
