import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { checkAgainstCanon, readCanon } from '../docs-canon';
import { CANON_FILE, checkDoc, countMermaid, listDocs, proseWords } from '../docs-rules';

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

const canon = readCanon(readFileSync(CANON_FILE, 'utf8'));

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
      '',
      '| Service and container | Command |',
      '| --- | --- |',
      '| `platform-web` | puma |',
      '',
      '| Thing | Staging | Production |',
      '| --- | --- | --- |',
      '| AWS CLI profile (IAM Identity Center) | `platform-staging` | `platform-production` |',
      '',
      '| Channel | For |',
      '| --- | --- |',
      '| `#eng-prod-access` | production access |',
      '',
      '| Team | Channel |',
      '| --- | --- |',
      '| Reporting | `#eng-reporting` |',
      '',
      '| Schedule key | Cron |',
      '| --- | --- |',
      '| `reporting_claims_submit_batch` | `0 14 * * 1-5 America/New_York` |',
    ].join('\n'),
  );
  const ruby = (code: string) => '```ruby\n' + code + '\n```\n';

  test('reads the queues, jobs and services of a canon', () => {
    assert.deepEqual([...sample.queues], ['critical', 'claims']);
    assert.deepEqual(
      [...sample.jobs.keys()],
      ['Reporting::Claims::SubmitBatchJob', 'CareManagement::RecalculateProblemStatesJob'],
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
    const problem = 'container "web" is not named after its service (platform-web)';
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
});
