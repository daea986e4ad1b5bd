import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { checkAgainstCanon } from '../docs-canon';
import { readCanon } from '../docs-canon-facts';
import { CANON_FILE, checkDoc, countMermaid, listDocs, loadCanon, proseWords } from '../docs-rules';

const docsDir = path.resolve(__dirname, '../../docs');
const docs = listDocs(docsDir);
const bodies = docs.map((file) => readFileSync(file, 'utf8'));

describe('every handbook page meets the content rules', () => {
  for (const file of docs) {
    test(path.relative(docsDir, file), () => {
      assert.deepEqual(checkDoc(file), []);
    });
  }
});

const canon = loadCanon();

describe('every handbook page agrees with system facts', () => {
  docs.forEach((file, index) => {
    test(path.relative(docsDir, file), () => {
      assert.deepEqual(checkAgainstCanon(bodies[index], canon), []);
    });
  });
});

describe('the handbook as a whole', () => {
  test('has at least 12 Mermaid diagrams', () => {
    const diagrams = bodies.reduce((sum, body) => sum + countMermaid(body), 0);
    assert.ok(diagrams >= 12, `${diagrams} diagrams`);
  });

  for (const language of ['ruby', 'hcl', 'json']) {
    test(`has ${language} code`, () => {
      assert.ok(bodies.some((body) => body.includes('```' + language)));
    });
  }
});

describe('the content rules themselves', () => {
  test('count prose, not code, inline code or link targets', () => {
    const body = 'One two `three four` [five](six/seven.md)\n\n```ruby\nputs eight\n```\n';
    assert.equal(proseWords(body), 3);
  });

  test('read "#" inside code as code, not as a page heading', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'handbook-doc-')), 'page.md');
    const prose = Array.from({ length: 210 }, () => 'word').join(' ');
    writeFileSync(
      file,
      `---\ntitle: T\ndescription: D\n---\n\n## Run\n\n${prose}\n\n\`\`\`bash\n# a comment\n\`\`\`\n`,
    );
    assert.deepEqual(checkDoc(file), []);
    writeFileSync(file, `---\ntitle: T\ndescription: D\n---\n\n# Title again\n\n## Run\n\n${prose}\n`);
    assert.deepEqual(checkDoc(file), ['a "#" heading: the title is the page heading']);
  });

  test('find Mermaid fences', () => {
    assert.equal(countMermaid('```mermaid\nflowchart LR\n```\n```ruby\n```\n'), 1);
  });
});

describe('the system facts check itself', () => {
  const sample = readCanon(
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
  /** Each page of `cases` gets exactly its listed problems from the canon check. */
  const expectProblems = (cases: [page: string, problems: string[]][], against = sample) => {
    for (const [page, problems] of cases) assert.deepEqual(checkAgainstCanon(page, against), problems, page);
  };
  const ruby = (code: string) => '```ruby\n' + code + '\n```\n';

  test('reads the queues, jobs and services of a canon', () => {
    assert.deepEqual([...sample.queues], ['critical', 'claims']);
    assert.deepEqual(
      [...sample.jobs.keys()],
      [
        'Reporting::Claims::SubmitBatchJob',
        'CareManagement::RecalculateProblemStatesJob',
        'CareManagement::ProblemStateSweepJob',
      ],
    );
    assert.deepEqual([...sample.services], ['platform-web']);
  });

  test('accepts a page that agrees, naming jobs in full or by their class name', () => {
    const page =
      '`SubmitBatchJob` runs on weekdays.\n\n' +
      ruby('class SubmitBatchJob < Base::ApplicationJob\n  sidekiq_options queue: :claims, retry: 3\nend') +
      '```bash\naws ecs execute-command --container platform-web\n```\n';
    assert.deepEqual(checkAgainstCanon(page, sample), []);
  });

  test('refuses a job that is not in the job table', () => {
    assert.deepEqual(checkAgainstCanon('`Sync::Ftp::PollJob` runs every minute.', sample), [
      'job "Sync::Ftp::PollJob" is not in the job table of system facts',
    ]);
  });

  test('refuses a queue that is not declared, in sidekiq_options, queue_as and schedules', () => {
    const undeclared = 'queue "reporting" is not a declared queue of system facts';
    const options = 'class SubmitBatchJob < Base::ApplicationJob\n  sidekiq_options queue: :reporting\nend';
    assert.deepEqual(checkAgainstCanon(ruby(options), sample), [undeclared]);
    assert.deepEqual(checkAgainstCanon(ruby('queue_as :reporting'), sample), [undeclared]);
    const schedule = '```yaml\nsubmit:\n  class: "Reporting::Claims::SubmitBatchJob"\n  queue: reporting\n```\n';
    assert.deepEqual(checkAgainstCanon(schedule, sample), [undeclared]);
  });

  test("refuses a declared queue that is not the job's own", () => {
    const code = 'class RecalculateProblemStatesJob < Base::ApplicationJob\n  sidekiq_options queue: :claims\nend';
    assert.deepEqual(checkAgainstCanon(ruby(code), sample), [
      'CareManagement::RecalculateProblemStatesJob runs on critical, not on "claims"',
    ]);
  });

  test('refuses a container that is not named after its service', () => {
    const hcl = '```hcl\nload_balancer {\n  container_name = "web"\n}\n```\n';
    const override = '```bash\n--overrides \'{"containerOverrides":[{"name":"web","command":["bin/rails"]}]}\'\n```\n';
    const problem =
      'container "web" is not named after its service (platform-web) nor a sidecar (datadog-agent, log_router)';
    assert.deepEqual(checkAgainstCanon(hcl, sample), [problem]);
    assert.deepEqual(checkAgainstCanon(override, sample), [problem]);
  });

  test('refuses a schedule that is missing from the canon or runs at another time', () => {
    const schedule = (key: string, cron: string) =>
      '```yaml\n' +
      key +
      ':\n  cron: "' +
      cron +
      '"\n  class: "Reporting::Claims::SubmitBatchJob"\n  queue: claims\n```\n';
    assert.deepEqual(
      checkAgainstCanon(schedule('reporting_claims_submit_batch', '0 14 * * 1-5 America/New_York'), sample),
      [],
    );
    assert.deepEqual(checkAgainstCanon(schedule('reporting_claims_submit_batch', '0 6 * * *'), sample), [
      'schedule "reporting_claims_submit_batch" is "0 14 * * 1-5 America/New_York" in system facts, not "0 6 * * *"',
    ]);
    assert.deepEqual(checkAgainstCanon(schedule('reporting_claims_nightly_submission', '0 6 * * *'), sample), [
      'schedule "reporting_claims_nightly_submission" is not in the schedule table of system facts',
    ]);
  });

  test('refuses an AWS CLI profile that is not one of the canon', () => {
    const bash = (line: string) => '```bash\n' + line + '\n```\n';
    assert.deepEqual(checkAgainstCanon(bash('aws sso login --profile platform-production'), sample), []);
    assert.deepEqual(checkAgainstCanon(bash('aws ec2 describe-instances --profile production'), sample), [
      'AWS CLI profile "production" is not one of platform-staging, platform-production',
    ]);
    assert.deepEqual(checkAgainstCanon(bash('export AWS_PROFILE=staging'), sample), [
      'AWS CLI profile "staging" is not one of platform-staging, platform-production',
    ]);
  });

  test('refuses a channel that is not listed, but not a Ruby method or an incident channel', () => {
    const prose =
      'Ask in `#eng-prod-access` or `#eng-reporting`; see `Report#rows`, `#rows` and `#inc-20250312-calls`.';
    assert.deepEqual(checkAgainstCanon(prose, sample), []);
    assert.deepEqual(checkAgainstCanon('Ask in `#eng-access-requests`.', sample), [
      'channel "#eng-access-requests" is not in the channel or team table of system facts',
    ]);
  });

  test('the handbook canon declares five queues and both services', () => {
    assert.deepEqual([...canon.queues], ['critical', 'default', 'interop', 'claims', 'low']);
    assert.deepEqual([...canon.services], ['platform-web', 'platform-worker']);
  });

  test('the handbook canon lists sidecars, schedule classes, rake tasks, roles, permissions and the SFTP layout', () => {
    assert.deepEqual([...canon.sidecars], ['datadog-agent', 'log_router']);
    assert.equal(canon.scheduleClasses.get('sync_ftp_poll_inboxes'), 'Sync::Ftp::PollInboxesJob');
    assert.ok(canon.rakeTasks.has('reporting:claims:validate_batch'));
    assert.ok(canon.roles.has('care_coordinator') && canon.roles.has('retool_service'));
    assert.ok(canon.permissions.has('interventions.update') && canon.permissions.has('form_responses.create'));
    assert.deepEqual(
      Object.fromEntries([...canon.sftpFolders].map(([folder, subfolders]) => [folder, [...subfolders]])),
      { incoming: ['mre'], outgoing: ['reports', 'audits'], archive: [], quarantine: [] },
    );
    assert.deepEqual([...canon.sftpBuckets], ['sftp-exchange-staging', 'sftp-exchange-production']);
  });

  test('refuses a claim that a task runs one container, and a container picked by position', () => {
    const perTask = "a task runs 3 containers: its service's and datadog-agent and log_router";
    assert.deepEqual(checkAgainstCanon('Each task has one application container and two sidecars.', sample), []);
    assert.deepEqual(checkAgainstCanon('The task overrides the command of its one container.', sample), [
      `${perTask}; write "one application container"`,
    ]);
    const query = (expression: string) => "```bash\naws ecs describe-tasks --query '" + expression + "'\n```\n";
    assert.deepEqual(checkAgainstCanon(query("tasks[0].containers[?name=='platform-web'].exitCode"), sample), []);
    assert.deepEqual(checkAgainstCanon(query('tasks[0].containers[0].exitCode'), sample), [
      `${perTask}; pick one by name (containers[?name=='platform-web']), not by position`,
    ]);
    const sidecar = '```hcl\nfirelens {\n  container_name = "log_router"\n}\n```\n';
    assert.deepEqual(checkAgainstCanon(sidecar, sample), []);
  });

  test('refuses a rake task of ours that is not in the rake task table, in code and code spans', () => {
    const bash = (line: string) => '```bash\n' + line + '\n```\n';
    assert.deepEqual(checkAgainstCanon(bash('bin/rails "reporting:claims:validate_batch[1842]"'), sample), []);
    assert.deepEqual(checkAgainstCanon(bash('bin/rails db:migrate && bin/rails synthetic:seed'), sample), []);
    assert.deepEqual(
      checkAgainstCanon(
        bash('--overrides \'{"command":["bin/rails","reporting:claims:resubmit_rejected[2025-03-01]"]}\''),
        sample,
      ),
      ['rake task "reporting:claims:resubmit_rejected" is not in the rake task table of system facts'],
    );
    assert.deepEqual(
      checkAgainstCanon('Run `synthetic:claims_files` first; the `reporting:claims` tasks help.', sample),
      ['rake task "synthetic:claims_files" is not in the rake task table of system facts'],
    );
  });

  test('refuses roles and permissions that are not in the canon: calls, roles.yml excerpts, "role" in prose', () => {
    const roles = '```yaml\nnurse:\n  inherits: care_coordinator\n  permissions:\n    - forms.sign\n```\n';
    assert.deepEqual(checkAgainstCanon(roles, sample), []);
    const unknown = '```yml\nscheduler:\n  inherits: nurse\n  permissions:\n    - forms.sign\n    - visits.book\n```\n';
    assert.deepEqual(checkAgainstCanon(unknown, sample), [
      'role "scheduler" is not in the role table of system facts',
      'permission "visits.book" is not in the permission table of system facts',
    ]);
    assert.deepEqual(checkAgainstCanon('It calls `authorize_mutation!("problems.update")`.', sample), []);
    assert.deepEqual(checkAgainstCanon('It calls `authorize_mutation!("form_responses.create")`.', sample), [
      'permission "form_responses.create" is not in the permission table of system facts',
    ]);
    assert.deepEqual(checkAgainstCanon('Needs the `care_coordinator` or `nurse` role.', sample), []);
    assert.deepEqual(checkAgainstCanon('The service user has its own role (`retool_service`).', sample), [
      'role "retool_service" is not in the role table of system facts',
    ]);
    assert.deepEqual(checkAgainstCanon('Needs the `nurse` or `billing_specialist` role.', sample), [
      'role "billing_specialist" is not in the role table of system facts',
    ]);
  });

  test('refuses a channel in prose, and a misspelt channel in a code span', () => {
    assert.deepEqual(checkAgainstCanon('Ask in #eng-prod-access, see [on-call](./on-call.md#escalation).', sample), []);
    assert.deepEqual(checkAgainstCanon('Post in #eng-deploys before you start.', sample), [
      'channel "#eng-deploys" is not in the channel or team table of system facts',
    ]);
    assert.deepEqual(checkAgainstCanon('Ask in `#eng-reportng`.', sample), [
      'channel "#eng-reportng" is not in the channel or team table of system facts',
    ]);
    const typo = readCanon(readFileSync(CANON_FILE, 'utf8'));
    assert.deepEqual(checkAgainstCanon('Ask `#securty` first, then post in `#deploy`; see `#rows`.', typo), [
      'channel "#securty" is not in the channel or team table of system facts',
      'channel "#deploy" is not in the channel or team table of system facts',
    ]);
  });

  test('reads yml and rb fences as YAML and Ruby', () => {
    const yml = '```yml\nsubmit:\n  class: "Reporting::Claims::SubmitBatchJob"\n  queue: reporting\n```\n';
    assert.deepEqual(checkAgainstCanon(yml, sample), ['queue "reporting" is not a declared queue of system facts']);
    const rb = '```rb\nclass SubmitBatchJob < Base::ApplicationJob\n  queue_as :critical\nend\n```\n';
    assert.deepEqual(checkAgainstCanon(rb, sample), [
      'Reporting::Claims::SubmitBatchJob runs on claims, not on "critical"',
    ]);
  });

  test('refuses a schedule that runs another class than the canon says', () => {
    const schedule = (job: string) =>
      '```yaml\nreporting_claims_submit_batch:\n  cron: "0 14 * * 1-5 America/New_York"\n  class: "' +
      job +
      '"\n  queue: claims\n```\n';
    assert.deepEqual(checkAgainstCanon(schedule('Reporting::Claims::SubmitBatchJob'), sample), []);
    assert.deepEqual(checkAgainstCanon(schedule('CareManagement::RecalculateProblemStatesJob'), sample), [
      'CareManagement::RecalculateProblemStatesJob runs on critical, not on "claims"',
      'schedule "reporting_claims_submit_batch" runs Reporting::Claims::SubmitBatchJob in system facts, not "CareManagement::RecalculateProblemStatesJob"',
    ]);
  });

  test('refuses SFTP paths off the partners/<slug>/<folder> layout, and unknown buckets', () => {
    const good =
      'Rosters land in `partners/acme_health_plan/incoming/mre/`, reports in `partners/<slug>/outgoing/reports`, ' +
      'files in `partners/availity/outgoing/837P_1842.x12` and `partners/availity/archive/2024/11/`, ' +
      'all in `sftp-exchange-<env>`, that is `sftp-exchange-staging`.';
    const policy =
      '```hcl\nresources = ["arn:aws:s3:::${var.bucket_name}/partners/${var.partner_slug}/incoming/*"]\n```\n';
    expectProblems([
      [good, []],
      [policy, []],
      [
        'Files go to `partners/acme_health_plan/inbox/`.',
        ['SFTP path "partners/acme_health_plan/inbox/": a partner\'s folders are incoming, outgoing, archive'],
      ],
      [
        'Rosters: `partners/Acme-Health/incoming/rosters/`.',
        [
          'SFTP path "partners/Acme-Health/incoming/rosters": the partner slug is lower snake case',
          'SFTP path "partners/Acme-Health/incoming/rosters": incoming/ holds mre and files',
        ],
      ],
      [
        'Grant `partners/acme_health_plan/incoming/rost*`.',
        ['SFTP path "partners/acme_health_plan/incoming/rost*": incoming/ holds mre and files'],
      ],
      [
        'Copy it to `s3://sftp-exchange-prod/`.',
        ['SFTP bucket "sftp-exchange-prod" is not one of sftp-exchange-staging, sftp-exchange-production'],
      ],
    ]);
  });

  test('refuses prose about a particular job that names no job class in its paragraph or section', () => {
    const unnamed = (phrase: string, section: string) =>
      `"${phrase}" (section "${section}") names no job class: name it in backticks, from the job table of system facts, in the same paragraph or section`;
    expectProblems([
      ['## Retries\n\nThe nightly job retries three times.\n', [unnamed('The nightly job', 'Retries')]],
      ['## Retries\n\nThe nightly job, `CareManagement::ProblemStateSweepJob`, retries three times.\n', []],
      ['## Retries\n\n`ProblemStateSweepJob` enqueues recalculations.\n\nThe job retries three times.\n', []],
      ['## Retries\n\n```ruby\nclass ProblemStateSweepJob < Base::ApplicationJob\nend\n```\n\nThe job retries.\n', []],
      [
        '## Sweep\n\n`ProblemStateSweepJob` runs nightly.\n\n## Alerts\n\nA monitor watches the recording download job.\n',
        [unnamed('the recording download job', 'Alerts')],
      ],
      ['## Who\n\nRun it again, then check that job in Datadog.\n', [unnamed('that job', 'Who')]],
      [
        '## Retries\n\nThe job retries.\n\n## What `ProblemStateSweepJob` does\n\nIt sweeps.\n',
        [unnamed('The job', 'Retries')],
      ],
      [
        '## Why\n\n`SubmitBatchJob` and SubmitBatchJob.\n',
        ['job "SubmitBatchJob" in prose: write the class in backticks'],
      ],
    ]);
  });

  test('leaves generic statements about jobs and other kinds of job alone', () => {
    const page = [
      '## Rules',
      '',
      'A job should finish in seconds, and every job is idempotent; jobs take ids.',
      'The CI job runs RSpec, the GitHub Actions job deploys, the dbt job builds marts and a cron job on the old server copied files.',
      'The job class is logged. Its job is narrow, and that is the job of the reviewer, not your job.',
    ].join('\n');
    expectProblems([[page, []]]);
  });

  test('refuses a queue in prose that is not declared or not the job of the sentence', () => {
    expectProblems([
      ['`Reporting::Claims::SubmitBatchJob` runs on the `claims` queue.', []],
      [
        '`Reporting::Claims::SubmitBatchJob` runs on the `critical` queue.',
        ['Reporting::Claims::SubmitBatchJob runs on claims: not on the "critical" queue'],
      ],
      ['Backfills go to the `reporting` Sidekiq queue.', ['queue "reporting" is not a declared queue of system facts']],
    ]);
  });

  test('refuses how often and at what time prose says a scheduled job runs, against "When, in words"', () => {
    const submit = 'reporting_claims_submit_batch (14:00 US Eastern, Monday to Friday in system facts)';
    const sweep = 'care_management_problem_state_sweep (02:00 or 03:00 US Eastern, nightly in system facts)';
    expectProblems([
      ['`SubmitBatchJob` runs at 14:00 US Eastern, Monday to Friday.', []],
      ['`care_management_problem_state_sweep` runs nightly at 07:00 UTC (02:00 or 03:00 US Eastern).', []],
      ['`SubmitBatchJob` runs nightly at 06:00.', [`${submit}: not "nightly"`, `${submit}: not at 06:00`]],
      [
        '`ProblemStateSweepJob` runs hourly, at 07:00 US Eastern.',
        [`${sweep}: not "hourly"`, `${sweep}: not at 07:00 Eastern`],
      ],
    ]);
  });

  test('refuses a response time of a severity that system facts does not give it, and unknown severities', () => {
    expectProblems([
      ['A SEV1 page: acknowledge within 5 minutes.', []],
      ['Acknowledged within 5 minutes for a SEV1 and 10 minutes for a SEV2.', []],
      ['PagerDuty escalates a SEV1 page after 5 minutes, a SEV2 page after 10 minutes.', []],
      ['Still unclear after 30 minutes of a SEV2? Page the secondary.', []],
      [
        'A SEV1 page: acknowledge within 15 minutes.',
        ['SEV1 is acknowledged within 5 minutes in system facts, not 15'],
      ],
      [
        'Acknowledged within 5 minutes for a SEV1 and 20 minutes for a SEV2.',
        ['SEV2 is acknowledged within 10 minutes in system facts, not 20'],
      ],
      [
        'PagerDuty escalates a SEV1 page to the secondary after 15 minutes.',
        ['SEV1 escalates at 5 and 10 minutes in system facts, not 15'],
      ],
      ['Call it a SEV4.', ['severity SEV4 is not one of SEV1, SEV2, SEV3']],
    ]);
  });

  test('refuses a retention period that the retention schedule does not give the data', () => {
    expectProblems([
      ['Elation webhook events are kept 30 days for debugging.', []],
      ['Rows of `interop_elation_webhook_events` are purged after 30 days; audit events stay six years.', []],
      [
        'Elation webhook events are kept 90 days for debugging.',
        ['Elation webhook events: kept 30 days in the retention schedule, not 90 days'],
      ],
      ['Roster lines of a Medicare Advantage payer are kept 10 years.', []],
      [
        'APM traces are retained for 30 days.',
        ['Datadog indexed logs and APM traces: kept 15 days in the retention schedule, not 30 days'],
      ],
      [
        'Audit events are retained for seven years.',
        ['Audit events: kept 6 years from the event in the retention schedule, not 7 years'],
      ],
    ]);
  });

  test('refuses a version we do not run, but not the version that introduced a feature', () => {
    expectProblems([
      [
        'We run Aurora PostgreSQL 15 and Ruby 3.x; pattern matching (Ruby 2.7) is old, and since Ruby 3.0 so is this.',
        [],
      ],
      ['Aurora PostgreSQL 14 in every environment.', ['PostgreSQL is 15 in system facts, not 14']],
      ['The app runs Ruby 3.2.', ['Ruby is 3.3 in system facts, not 3.2']],
    ]);
  });

  test('refuses ports that are not listed and a database name that is not the canon one', () => {
    const bash = (line: string) => '```bash\n' + line + '\n```\n';
    expectProblems([
      [bash('psql "host=localhost port=15432 dbname=platform user=$USER"'), []],
      [bash('curl http://localhost:3000/graphql'), []],
      [
        bash('psql "host=localhost port=15432 dbname=platform_production"'),
        ['database "platform_production" is not the database name of system facts (platform)'],
      ],
      [
        '```json\n{"url": "jdbc:postgresql://aurora-writer.platform-production.internal:5433/platform"}\n```\n',
        [
          'port 5433 is not one of the ports of system facts (5432, 15432, 3000)',
          'PostgreSQL listens on 5432 in system facts, not 5433',
        ],
      ],
      [
        'Open `http://localhost:8080/graphql`.',
        ['port 8080 is not one of the ports of system facts (5432, 15432, 3000)'],
      ],
    ]);
  });

  test('refuses event names that are not in the event table, in code spans and in logging code', () => {
    expectProblems([
      ['Sync publishes `sync_ftp.file_received`; see `claims.batch_submitted`, `forms.sign` and `claims.yml`.', []],
      [
        'Sync publishes `sync_ftp.file_arrived`.',
        ['event "sync_ftp.file_arrived" is not in the event table of system facts'],
      ],
      [
        '```ruby\nBase::RailsLogger.info("claims.batch.uploaded", batch_id: batch.id)\n```\n',
        ['event "claims.batch.uploaded" is not in the event table of system facts'],
      ],
      [
        'Search `@event:care_management.problem_state.recalculated`.',
        ['event "care_management.problem_state.recalculated" is not in the event table of system facts'],
      ],
    ]);
  });

  test('refuses a Datadog dashboard that is not named as in system facts', () => {
    expectProblems([
      ['Open the "Reporting / Claims pipeline" dashboard.', []],
      [
        'The Datadog dashboard **Reporting: claims pipeline** shows each stage.',
        ['dashboard "Reporting: claims pipeline" is not in the Datadog dashboard table of system facts'],
      ],
    ]);
  });

  test('refuses a shared file placed anywhere but its canonical path or a shortening of it', () => {
    expectProblems([
      [
        'See `modules/base/lib/base/rails_logger.rb`, `lib/base/rails_logger.rb`, `config/roles.yml` and `roles.yml`.',
        [],
      ],
      [
        'It lives in `modules/base/app/public/base/rails_logger.rb`.',
        [
          'file "modules/base/app/public/base/rails_logger.rb" lives at modules/base/lib/base/rails_logger.rb (system facts)',
        ],
      ],
      [
        'Roles are in `modules/base/config/roles.yml`.',
        ['file "modules/base/config/roles.yml" lives at modules/iam/config/roles.yml (system facts)'],
      ],
    ]);
  });

  test('the handbook canon lists severities, events, dashboards, files, versions, ports, the database and retention', () => {
    assert.deepEqual(canon.severities.get('SEV1'), { acknowledge: 5, escalation: [5, 10] });
    assert.deepEqual(canon.severities.get('SEV2'), { acknowledge: 10, escalation: [10, 20] });
    assert.ok(canon.events.has('sync_ftp.file_received') && canon.events.has('problem_states.recalculated'));
    assert.ok(canon.dashboards.has('Reporting / Claims pipeline'));
    assert.ok(canon.files.includes('modules/base/lib/base/rails_logger.rb'));
    assert.equal(canon.versions.get('PostgreSQL'), '15');
    assert.equal(canon.ports.get('5432'), 'PostgreSQL');
    assert.deepEqual([...canon.databases], ['platform']);
    const webhooks = canon.retention.find((row) => row.data === 'Elation webhook events');
    assert.deepEqual(webhooks?.periods, ['30 day']);
    assert.equal(canon.scheduleWords.get('interop_elation_reconcile'), '02:00 US Eastern, nightly');
  });
});
