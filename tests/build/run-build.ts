import { spawnSync } from 'node:child_process';
import path from 'node:path';

const projectDir = path.resolve(__dirname, '../..');

/**
 * Runs `docusaurus build` with exactly the given HANDBOOK_* variables (none inherited), for tests
 * of configuration errors, which stop the build before anything is written.
 */
export function buildWithEnvironment(handbookEnv: Record<string, string>): { status: number | null; output: string } {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('HANDBOOK_')));
  const result = spawnSync(
    process.execPath,
    ['node_modules/@docusaurus/core/bin/docusaurus.mjs', 'build', '--out-dir', 'build-never-written'],
    { cwd: projectDir, encoding: 'utf8', env: { ...inherited, ...handbookEnv, FORCE_COLOR: '0' } },
  );
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}
