/**
 * The CDK CLI's entry (`cdk.json`). `npm run deploy` passes the context: `siteUrl`, and `edgeDir`
 * once the edge functions are packaged.
 */
import { App } from 'aws-cdk-lib';
import { readDeployConfig } from './config';
import { addHandbookStacks, siteUrlOf } from './handbook-app';

const app = new App();
const config = readDeployConfig();
addHandbookStacks(app, {
  config,
  siteUrl: (app.node.tryGetContext('siteUrl') as string | undefined) ?? siteUrlOf(config),
  edgeDir: app.node.tryGetContext('edgeDir') as string | undefined,
});
app.synth();
