/**
 * `npm run synth`: the CloudFormation templates of every stack, offline and without AWS
 * credentials, from `infra/deploy.config.example.json` (or HANDBOOK_DEPLOY_CONFIG) and the example
 * build in `infra/example-build/` (a real-pool build's gate manifest, not-found page and a JWKS).
 * The templates land in `dist/synth/cdk.out/`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { packageEdge } from '../lambdas/package-edge';
import { EXAMPLE_CONFIG_FILE, readDeployConfig } from './config';
import { addHandbookStacks, siteUrlOf } from './handbook-app';
import type { HandbookAppOptions } from './handbook-app';

const EXAMPLE_BUILD = path.join(__dirname, 'example-build');

/** Synthesizes the app from the example build into `outdir`; returns the app and its stacks. */
/** The operations stack names its distribution; the example's stands in for the deployed one's. */
export const EXAMPLE_DISTRIBUTION_ID = 'EDFDVBD6EXAMPLE';

export async function synthExample(
  outdir: string,
  configFile = EXAMPLE_CONFIG_FILE,
  options: Pick<HandbookAppOptions, 'pinnedEdgeVersions' | 'googleClientSecretField'> = {},
) {
  const config = readDeployConfig(configFile);
  const edgeDir = path.join(outdir, 'edge');
  await packageEdge({
    buildDir: EXAMPLE_BUILD,
    outDir: edgeDir,
    jwks: JSON.parse(readFileSync(path.join(EXAMPLE_BUILD, 'jwks.json'), 'utf8')) as Jwks,
    previewHost: config.previewDomain,
    siteHost: config.siteDomain,
  });
  const app = new App({ outdir: path.join(outdir, 'cdk.out') });
  const stacks = addHandbookStacks(app, {
    config,
    siteUrl: siteUrlOf(config),
    edgeDir,
    distributionId: EXAMPLE_DISTRIBUTION_ID,
    ...options,
  });
  const assembly = app.synth();
  return { app, assembly, config, ...stacks };
}

if (require.main === module) {
  synthExample(path.resolve('dist/synth'), process.env.HANDBOOK_DEPLOY_CONFIG ?? EXAMPLE_CONFIG_FILE)
    .then(({ assembly }) => {
      for (const stack of assembly.stacks)
        console.log(`${stack.stackName}: ${path.relative(process.cwd(), stack.templateFullPath)}`);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
