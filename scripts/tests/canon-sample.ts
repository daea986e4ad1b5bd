/** The small canon the canon rules' tests check pages against, and how they say what a page should get. */
import assert from 'node:assert/strict';
import { checkAgainstCanon } from '../docs-canon';
import { readCanon } from '../docs-canon-facts';
import { messages } from './messages';

export const sample = readCanon(
  [
    '| Queue | Weight |',
    '| --- | --- |',
    '| `critical` | 6 |',
    '| `claims` | 2 |',
    '',
    '| Job | Queue |',
    '| --- | --- |',
    '| `Reporting::Claims::SubmitBatchJob` | `claims` |',
    '| `CareManagement::RecalculateProblemStatesJob` | `critical` |',
    '| `CareManagement::ProblemStateSweepJob` | `low` |',
    '',
    '| Service and container | Command |',
    '| --- | --- |',
    '| `platform-web` | puma |',
    '',
    '| Sidecar container | Runs |',
    '| --- | --- |',
    '| `datadog-agent` | the Datadog agent |',
    '| `log_router` | FireLens |',
    '',
    '| Thing | Staging | Production |',
    '| --- | --- | --- |',
    '| AWS CLI profile (IAM Identity Center) | `platform-staging` | `platform-production` |',
    '| SFTP bucket | `sftp-exchange-staging` | `sftp-exchange-production` |',
    '| Database name in that cluster | `platform` | `platform` |',
    '',
    '```text',
    'sftp-exchange-<env>/',
    '  partners/<slug>/',
    '    incoming/      uploads',
    '      mre/         rosters',
    '    outgoing/      deliveries',
    '      reports/     payer reports',
    '    archive/       processed files',
    '```',
    '',
    '| Rake task | Arguments |',
    '| --- | --- |',
    '| `reporting:claims:validate_batch` | batch id |',
    '| `synthetic:seed` | none |',
    '',
    '| Role | Who has it |',
    '| --- | --- |',
    '| `care_coordinator` | coordinators |',
    '| `nurse` | nurses |',
    '',
    '| Permission | Allows |',
    '| --- | --- |',
    '| `problems.update` | changing a problem |',
    '| `forms.sign` | signing a form |',
    '',
    '| Channel | For |',
    '| --- | --- |',
    '| `#eng-prod-access` | production access |',
    '',
    '| Team | Channel |',
    '| --- | --- |',
    '| Reporting | `#eng-reporting` |',
    '',
    '| Schedule key | Cron | When | Class |',
    '| --- | --- | --- | --- |',
    '| `reporting_claims_submit_batch` | `0 14 * * 1-5 America/New_York` | 14:00 US Eastern, Monday to Friday | `Reporting::Claims::SubmitBatchJob` |',
    '| `care_management_problem_state_sweep` | `0 7 * * *` (UTC) | 02:00 or 03:00 US Eastern, nightly | `CareManagement::ProblemStateSweepJob` |',
    '',
    '| Severity | Meaning | Acknowledge | Escalation |',
    '| --- | --- | --- | --- |',
    '| SEV1 | PHI at risk | within 5 minutes | the secondary at 5 minutes, the engineering manager at 10 |',
    '| SEV2 | a major feature is down | within 10 minutes | the secondary at 10 minutes, the engineering manager at 20 |',
    '| SEV3 | degraded | next business day | none |',
    '',
    '| Event | Kind |',
    '| --- | --- |',
    '| `sync_ftp.file_received` | published event |',
    '| `claims.batch_submitted` | log event |',
    '| `problem_states.recalculated` | log event |',
    '',
    '| Datadog dashboard | Owner |',
    '| --- | --- |',
    '| Reporting / Claims pipeline | Reporting |',
    '',
    '| File | Holds |',
    '| --- | --- |',
    '| `modules/base/lib/base/rails_logger.rb` | `Base::RailsLogger` |',
    '| `modules/iam/config/roles.yml` | roles |',
    '',
    '| Software | Version |',
    '| --- | --- |',
    '| PostgreSQL | 15 |',
    '| Ruby | 3.3 |',
    '',
    '| Port | Service |',
    '| --- | --- |',
    '| `5432` | PostgreSQL |',
    '| `15432` | the bastion tunnel |',
    '| `3000` | `platform` in development |',
  ].join('\n'),
  [
    '| Data | Where it lives | Kept for | Enforced by |',
    '| --- | --- | --- | --- |',
    '| Elation webhook events | Aurora `interop_elation_webhook_events` | 30 days | a nightly purge |',
    '| Audit events | Aurora `base_audit_events` | 6 years from the event | no code path deletes them |',
    '| Datadog indexed logs and APM traces | Datadog | 15 days | Terraform |',
    "| Roster lines † | Aurora `care_management_roster_rows` | the payer's line of business | a yearly task |",
  ].join('\n'),
);

/**
 * Each page of `cases` gets exactly its listed problems from the canon check, each on a line of the
 * page, and on the line three further down when three blank lines are put above the page.
 */
export const expectProblems = (cases: [page: string, problems: string[]][], against = sample) => {
  for (const [page, problems] of cases) {
    const found = checkAgainstCanon(page, against);
    assert.deepEqual(messages(found), problems, page);
    const lines = page.split('\n').length;
    for (const { line } of found) assert.ok(line !== undefined && line >= 1 && line <= lines, `line ${line}: ${page}`);
    if (page.startsWith('---')) continue;
    const lower = checkAgainstCanon(`\n\n\n${page}`, against);
    assert.deepEqual(
      lower.map(({ line }) => line),
      found.map(({ line }) => (line ?? 0) + 3),
      page,
    );
  }
};
export const ruby = (code: string) => '```ruby\n' + code + '\n```\n';
