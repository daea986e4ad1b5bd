/** `npm run readers [-- --csv]`: see readers.ts. */
import { parseArgs } from 'node:util';
import { CloudWatchLogsClient } from '@aws-sdk/client-cloudwatch-logs';
import { whoRead } from './access-log-query';
import { runPoolCommand } from './pool-target';
import { readerAccounts } from './reader-accounts';
import { readerReview, readersOutcome, UNSEEN_DAYS } from './readers';
import { viewerRequestLogGroup } from './viewer-log-group';

const { values } = parseArgs({ options: { csv: { type: 'boolean', default: false } } });

runPoolCommand(async (target, config) => {
  const until = new Date();
  // Every region's edge log group; a region that cannot be read fails the command rather than
  // report its readers as unseen.
  const loads = await whoRead((region) => new CloudWatchLogsClient({ region }), {
    groupName: await viewerRequestLogGroup(config),
    regions: config.edgeLogRegions,
    since: new Date(until.getTime() - UNSEEN_DAYS * 86_400_000),
    until,
  });
  const rows = readerReview(await readerAccounts(target), loads, target.allowedEmailDomains);
  return readersOutcome(rows, values.csv, target.readerGroup);
});
