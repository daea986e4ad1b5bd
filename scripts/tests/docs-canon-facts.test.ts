import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadCanon } from '../docs-rules';
import { sample } from './canon-sample';

describe('reading the canon', () => {
  const canon = loadCanon();

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
