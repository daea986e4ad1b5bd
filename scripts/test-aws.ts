/**
 * `npm run test:aws`: the checks of infra/sandbox/ against a sandbox AWS account, where the local
 * stand-ins (the fake clients' answers, the fixtures of testkit/documented-shapes/, the local
 * identity service) are held to AWS itself. They run only when HANDBOOK_SANDBOX_CONFIG names the
 * deploy config of an environment deployed in that account (and the shell has its credentials);
 * otherwise the command says it skipped and exits 0. No unit test reaches AWS: these files are not
 * `*.test.ts` in a `tests/` folder, so `npm run test:unit` never runs them
 * (infra/OPERATIONS.md, "Checking the stand-ins against AWS").
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const SANDBOX_CONFIG_VARIABLE = 'HANDBOOK_SANDBOX_CONFIG';
const ROOT = path.resolve(__dirname, '..');
export const SANDBOX_CHECKS_DIR = path.join(ROOT, 'infra', 'sandbox');

export type SandboxPlan = { run: false; reason: string } | { run: true; configFile: string; files: string[] };

export function sandboxPlan(env: NodeJS.ProcessEnv): SandboxPlan {
  const configFile = env[SANDBOX_CONFIG_VARIABLE];
  if (!configFile) {
    return { run: false, reason: `${SANDBOX_CONFIG_VARIABLE} is not set: no sandbox account is configured` };
  }
  if (!existsSync(configFile))
    return { run: false, reason: `${SANDBOX_CONFIG_VARIABLE} names ${configFile}, which does not exist` };
  const files = readdirSync(SANDBOX_CHECKS_DIR)
    .filter((file) => file.endsWith('.sandbox.ts'))
    .sort()
    .map((file) => path.join(SANDBOX_CHECKS_DIR, file));
  return { run: true, configFile: path.resolve(configFile), files };
}

function main(): void {
  const plan = sandboxPlan(process.env);
  if (!plan.run) {
    // A named config that is missing is a mistake, not a choice: it fails.
    const missingFile = Boolean(process.env[SANDBOX_CONFIG_VARIABLE]);
    console.log(
      `test:aws ${missingFile ? 'failed' : 'skipped'}: ${plan.reason} (infra/OPERATIONS.md, "Checking the stand-ins against AWS").`,
    );
    process.exitCode = missingFile ? 1 : 0;
    return;
  }
  console.log(`test:aws: ${plan.files.length} check files against the environment of ${plan.configFile}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...plan.files], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, HANDBOOK_DEPLOY_CONFIG: plan.configFile },
  });
  process.exitCode = result.status ?? 1;
}

if (require.main === module) main();
