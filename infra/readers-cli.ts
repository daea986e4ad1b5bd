/** `npm run readers [-- --csv]`: see readers.ts. */
import { parseArgs } from 'node:util';
import { CloudWatchLogsClient } from '@aws-sdk/client-cloudwatch-logs';
import { whoRead } from './access-log-query';
import { unreadableReport } from '../core/lambda-log-line';
import { runPoolCommand } from './pool-target';
import { readerAccounts } from './reader-accounts';
import { readerReview, readersOutcome, UNSEEN_DAYS } from './readers';
import { viewerRequestLogGroup } from './viewer-log-group';

const { values } = parseArgs({ options: { csv: { type: 'boolean', default: false } } });

runPoolCommand(async (target, config) => {
  const until = new Date();
  // Every region's edge log group; a region that cannot be read fails the command rather than
  // report its readers as unseen.
  const { readers: loads, unreadable } = await whoRead((region) => new CloudWatchLogsClient({ region }), {
    groupName: await viewerRequestLogGroup(config),
    regions: config.edgeLogRegions,
    since: new Date(until.getTime() - UNSEEN_DAYS * 86_400_000),
    until,
  });
  const rows = readerReview(await readerAccounts(target), loads, target.allowedEmailDomains);
  const outcome = readersOutcome(rows, values.csv, target.readerGroup);
  // Lines that could not be read leave the review incomplete: said on stderr (the CSV stays a
  // table), and the command fails, rather than show those readers as silently unseen.
  for (const line of unreadableReport(unreadable)) console.error(line);
  return unreadable.count ? { ...outcome, done: false } : outcome;
});
