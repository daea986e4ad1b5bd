import { describe, test } from 'node:test';
import { expectProblems } from './canon-sample';

describe('the canon rule of `docs-canon-sftp.ts`', () => {
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
});
