/**
 * `npm run who-read -- <path> [--days 7]`: who loaded a page, from the edge's access log in every
 * region (access-log-query.ts), with each reader id resolved to an email in the user pool.
 */
import { parseArgs } from 'node:util';
import { CloudWatchLogsClient } from '@aws-sdk/client-cloudwatch-logs';
import { CognitoIdentityProviderClient, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { whoRead } from './access-log-query';
import { deployedUserPoolId } from './aws-cloud';
import { readDeployConfig } from './config';
import { unreadableReport } from '../core/lambda-log-line';
import { viewerRequestLogGroup } from './viewer-log-group';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { days: { type: 'string', default: '7' } },
  });
  const [page] = positionals;
  const days = Number(values.days);
  if (!page || !Number.isInteger(days) || days < 1) throw new Error('Usage: npm run who-read -- <path> [--days 7]');
  const config = readDeployConfig();
  const until = new Date();
  const { readers, unreadable } = await whoRead((region) => new CloudWatchLogsClient({ region }), {
    groupName: await viewerRequestLogGroup(config),
    regions: config.edgeLogRegions,
    path: page,
    since: new Date(until.getTime() - days * 86_400_000),
    until,
  });
  const cognito = new CognitoIdentityProviderClient({ region: config.region });
  const userPoolId = await deployedUserPoolId(config);
  for (const reader of readers) {
    const { Users = [] } = await cognito.send(
      new ListUsersCommand({ UserPoolId: userPoolId, Filter: `sub = "${reader.userId}"`, Limit: 1 }),
    );
    const email =
      Users[0]?.Attributes?.find((attribute) => attribute.Name === 'email')?.Value ?? '(no such account now)';
    console.log(`${email}\t${reader.userId}\t${reader.loads} loads\tlast ${reader.last}`);
  }
  if (!readers.length) console.log(`Nobody loaded ${page} in the last ${days} days.`);
  for (const line of unreadableReport(unreadable)) console.error(line);
  if (unreadable.count) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
