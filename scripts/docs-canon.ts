/**
 * The canon check: every rule that holds a page to `docs/onboarding/system-facts.md` (read by
 * `scripts/docs-canon-facts.ts`), one module each, run over a page. Used by `npm run check:docs` and
 * the unit tests.
 */
import { accessProblems } from './docs-canon-access';
import { channelProblems } from './docs-canon-channels';
import { codeQueueProblems } from './docs-canon-code-queues';
import { codeScheduleProblems } from './docs-canon-code-schedules';
import { containerCodeProblems, containerCountProblems } from './docs-canon-containers';
import { dashboardProblems } from './docs-canon-dashboards';
import { eventProblems } from './docs-canon-events';
import type { Canon } from './docs-canon-facts';
import { fileProblems } from './docs-canon-files';
import { jobNameProblems } from './docs-canon-job-names';
import { jobProseProblems } from './docs-canon-job-prose';
import { pagerDutyProblems } from './docs-canon-pagerduty';
import { phiPlaceProblems } from './docs-canon-phi-places';
import { portAndDatabaseProblems } from './docs-canon-ports';
import { profileProblems } from './docs-canon-profiles';
import { proseQueueScheduleProblems } from './docs-canon-prose-schedules';
import { rakeNamespaceProblems } from './docs-canon-rake-namespaces';
import { rakeTaskProblems } from './docs-canon-rake-tasks';
import { retentionProblems } from './docs-canon-retention';
import { severityProblems } from './docs-canon-severities';
import { sftpProblems } from './docs-canon-sftp';
import type { CodeBlock } from './docs-canon-text';
import { codeBlocks } from './docs-canon-text';
import { versionProblems } from './docs-canon-versions';
import type { Finding } from './docs-finding';
import { once } from './docs-finding';

/** A rule over a whole page: its findings, each on its line of the page. */
type PageRule = (body: string, canon: Canon) => Finding[];
/** A rule over one fenced block of a page, its findings on their lines of the page. */
type BlockRule = (block: CodeBlock, canon: Canon) => Finding[];

/*
 * The order of the rules is the order of a page's messages on one line. The block rules run block by
 * block, all of them on a block before the next, so a block's messages stay together.
 */
const BEFORE_CODE: PageRule[] = [channelProblems, jobNameProblems, containerCountProblems];
const IN_CODE: BlockRule[] = [codeQueueProblems, codeScheduleProblems, profileProblems, containerCodeProblems];
const AFTER_CODE: PageRule[] = [
  rakeTaskProblems,
  rakeNamespaceProblems,
  accessProblems,
  sftpProblems,
  jobProseProblems,
  proseQueueScheduleProblems,
  severityProblems,
  retentionProblems,
  versionProblems,
  portAndDatabaseProblems,
  eventProblems,
  dashboardProblems,
  fileProblems,
  pagerDutyProblems,
  phiPlaceProblems,
];

/** Everything in one page that disagrees with the canon, each message once, on the first line it is found on. */
export function checkAgainstCanon(body: string, canon: Canon): Finding[] {
  return once([
    ...BEFORE_CODE.flatMap((rule) => rule(body, canon)),
    ...codeBlocks(body).flatMap((block) => IN_CODE.flatMap((rule) => rule(block, canon))),
    ...AFTER_CODE.flatMap((rule) => rule(body, canon)),
  ]);
}
