import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { checkAgainstCanon } from '../docs-canon';
import { loadCanon } from '../docs-rules';
import { sample } from './canon-sample';
import { messages } from './messages';

const canon = loadCanon();
const page = (relative: string) => readFileSync(path.resolve(__dirname, '../../docs', relative), 'utf8');
const audit = page('arc/modules/reporting/payers/processes/payer-audit.md');
const security = page('arc/security-compliance.md');

describe('the canon rule of `docs-canon-phi-places.ts`', () => {
  test('knows the drives the tools table allows PHI in', () => {
    assert.deepEqual([...canon.phiDrives].sort(), ['Compliance audits', 'Incident records', 'PHI exports']);
  });

  test('passes the payer audit and the breach assessment as the handbook writes them', () => {
    assert.deepEqual(messages(checkAgainstCanon(audit, canon)), []);
    assert.deepEqual(messages(checkAgainstCanon(security, canon)), []);
  });

  test('refuses a drive that neither the tools table nor the retention schedule has (N23)', () => {
    const planted = audit.replace(
      'the audit\'s folder of the restricted "Compliance audits" shared drive',
      'the audit folder in the compliance Google Drive',
    );
    assert.deepEqual(messages(checkAgainstCanon(planted, canon)), [
      'drive "compliance" is not a drive the tools table of security and compliance allows PHI in',
      'drive "compliance" is not the place of a row of the retention schedule',
    ]);
  });

  test('refuses a breach list kept in a drive without a retention row, even one the tools table allows (N2)', () => {
    const withoutRow = security.replace(/^\| Incident records †.*\n/m, '');
    const incidentCanon = loadCanon();
    incidentCanon.retention = incidentCanon.retention.filter((row) => !row.place.includes('"Incident records"'));
    assert.deepEqual(
      messages(checkAgainstCanon(withoutRow, incidentCanon)).filter((problem) => problem.startsWith('drive')),
      ['drive "Incident records" is not the place of a row of the retention schedule'],
    );
  });

  test('refuses a bucket no retention row places data in, in any environment', () => {
    assert.deepEqual(
      messages(
        checkAgainstCanon('Files land in `sftp-exchange-staging` bucket and s3://comms-recordings-production/.', canon),
      ),
      [],
    );
    assert.deepEqual(
      messages(checkAgainstCanon('Exports are written to s3://patient-exports-production/daily/.', canon)),
      ['bucket "patient-exports-production" is not the place of a row of the retention schedule'],
    );
  });

  test('is not held by a smaller canon without the retention schedule', () => {
    assert.deepEqual(
      messages(checkAgainstCanon('Kept in the compliance Google Drive.', { ...sample, retention: [] })),
      [],
    );
  });
});
