import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { checkAgainstCanon } from '../docs-canon';
import { loadCanon } from '../docs-rules';
import { messages } from './messages';

const canon = loadCanon();
const forms = readFileSync(path.resolve(__dirname, '../../docs/arc/modules/care_management/forms/index.md'), 'utf8');
const unknown = (handle: string) =>
  `PagerDuty handle "${handle}" is not a service of the PagerDuty table of system facts: it would page nobody`;

describe('the canon rule of `docs-canon-pagerduty.ts`', () => {
  test('knows the services of the PagerDuty table of system facts', () => {
    assert.deepEqual([...canon.pagerDutyHandles].sort(), [
      '@pagerduty-clinical-safety',
      '@pagerduty-platform-sev1',
      '@pagerduty-platform-sev2',
      '@pagerduty-security-lead',
    ]);
  });

  test('passes the watchdog monitors as the handbook writes them', () => {
    assert.deepEqual(messages(checkAgainstCanon(forms, canon)), []);
  });

  test('refuses a schedule name used as a handle, planted in the watchdog monitors', () => {
    const planted = forms.replaceAll('@pagerduty-platform-sev1', '@pagerduty-Platform-Engineering');
    assert.deepEqual(messages(checkAgainstCanon(planted, canon)), [unknown('@pagerduty-Platform-Engineering')]);
  });

  test('refuses an unknown handle in prose as well as in code, each once', () => {
    assert.deepEqual(
      messages(
        checkAgainstCanon(
          'Mention `@pagerduty-platform-sev3` in the monitor, and @pagerduty-platform-sev3 again.',
          canon,
        ),
      ),
      [unknown('@pagerduty-platform-sev3')],
    );
  });
});
