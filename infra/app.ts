/**
 * The CDK CLI's entry (`cdk.json`). `npm run deploy` passes the context: `siteUrl`, `edgeDir`
 * once the edge functions are packaged, `distributionId` for the operations stack, `googleClientSecretField`
 * for a JSON-stored secret; `npm run rollback` adds `edgeVersions` (JSON).
 */
import { App } from 'aws-cdk-lib';
import { readDeployConfig } from './config';
import { addHandbookStacks, siteUrlOf } from './handbook-app';

const app = new App();
const config = readDeployConfig();
const context = (name: string) => app.node.tryGetContext(name) as string | undefined;
const pinned = context('edgeVersions');
addHandbookStacks(app, {
  config,
  siteUrl: context('siteUrl') ?? siteUrlOf(config),
  edgeDir: context('edgeDir'),
  pinnedEdgeVersions: pinned ? (JSON.parse(pinned) as Record<string, string>) : undefined,
  googleClientSecretField: context('googleClientSecretField'),
  distributionId: context('distributionId'),
});
app.synth();
