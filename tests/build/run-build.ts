import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const projectDir = path.resolve(__dirname, '../..');

/**
 * Runs `docusaurus build` of a site (the project unless `siteDir` names another) with exactly the
 * given HANDBOOK_* variables, none inherited, so a variable set in the shell never changes a result.
 * `viaScript` runs it as `npm run build` does, through `scripts/build.ts`.
 */
export function runBuild(
  handbookEnv: Record<string, string>,
  { siteDir = projectDir, args = [], viaScript = false }: { siteDir?: string; args?: string[]; viaScript?: boolean } = {},
): { ok: boolean; output: string } {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('HANDBOOK_')));
  const command = viaScript
    ? ['--import', 'tsx', path.join(projectDir, 'scripts/build.ts')]
    : [path.join(projectDir, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build'];
  const result = spawnSync(process.execPath, [...command, siteDir, ...args], {
    cwd: siteDir,
    encoding: 'utf8',
    env: { ...inherited, ...handbookEnv, FORCE_COLOR: '0' },
  });
  return { ok: result.status === 0, output: `${result.stdout}\n${result.stderr}` };
}
