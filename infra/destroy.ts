/**
 * `npm run destroy`: deletes the environment's stacks. The user pool and the buckets are retained
 * (readers' accounts, the build and the access logs outlive a stack); delete them by hand if that
 * is really meant. CloudFront deletes Lambda@Edge replicas only hours after the distribution stops
 * using them ("Deleting Lambda@Edge functions and replicas"), so the first run usually ends with the
 * edge functions in DELETE_FAILED: run it again a few hours later.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { DEFAULT_CONFIG_FILE } from './config';
import { synthExample } from './synth';

async function main(): Promise<void> {
  // The templates' contents do not matter for deleting: the stack names come from the configuration.
  const outdir = path.resolve('dist/destroy');
  await synthExample(outdir, process.env.HANDBOOK_DEPLOY_CONFIG ?? DEFAULT_CONFIG_FILE);
  const cdk = path.resolve('node_modules/.bin/cdk');
  const result = spawnSync(cdk, ['destroy', '--app', path.join(outdir, 'cdk.out'), '--all', ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  process.exitCode = result.status ?? 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
