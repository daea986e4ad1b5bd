/**
 * `npm run destroy`: deletes the environment's stacks, `Handbook-<environment>-*`, and no other:
 * the account's GitHub OIDC provider (github-oidc-stack.ts) serves every environment's roles. The user pool and the buckets are retained
 * (readers' accounts, the build and the access logs outlive a stack); delete them by hand if that
 * is really meant. CloudFront deletes Lambda@Edge replicas only hours after the distribution stops
 * using them ("Deleting Lambda@Edge functions and replicas"), so the first run usually ends with the
 * edge functions in DELETE_FAILED: run it again a few hours later.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { DEFAULT_CONFIG_FILE, readDeployConfig, stackNames } from './config';
import type { DeployConfig } from './config';
import { synthExample } from './synth';

/** `cdk destroy` of the environment's stacks only (a stack pattern), never the account's provider stack. */
export function destroyArguments(appDir: string, config: Pick<DeployConfig, 'environment'>, extra: string[]): string[] {
  return ['destroy', '--app', appDir, `${stackNames(config).prefix}-*`, ...extra];
}

async function main(): Promise<void> {
  // The templates' contents do not matter for deleting: the stack names come from the configuration.
  const outdir = path.resolve('dist/destroy');
  const configFile = process.env.HANDBOOK_DEPLOY_CONFIG ?? DEFAULT_CONFIG_FILE;
  await synthExample(outdir, configFile);
  const cdk = path.resolve('node_modules/.bin/cdk');
  const result = spawnSync(
    cdk,
    destroyArguments(path.join(outdir, 'cdk.out'), readDeployConfig(configFile), process.argv.slice(2)),
    {
      stdio: 'inherit',
    },
  );
  process.exitCode = result.status ?? 1;
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
