/**
 * One route to the security lead, at any hour (content-4, N4): every page that tells a reader what to
 * do when PHI lands where it should not says the same thing, page the on-call engineer as a SEV1, who
 * pages the "Security Lead" service within the hour, and none sends the reader to a direct message,
 * which waits for the working day while the 60-day breach clock runs.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { loadCanon } from '../docs-rules';

const docs = path.resolve(__dirname, '../../docs');
const ROUTE_PAGES = [
  'index.md',
  'how-we-communicate.md',
  'arc/security-compliance.md',
  'how-we-work/engineering-on-call.md',
  'onboarding/system-facts.md',
];
const flat = (file: string) => readFileSync(path.join(docs, file), 'utf8').replace(/\s+/g, ' ');

describe('the route to the security lead', () => {
  for (const file of ROUTE_PAGES) {
    test(`${file} says: page the on-call engineer as a SEV1, who tells the security lead within the hour`, () => {
      const text = flat(file);
      assert.match(text, /on-call engineer/);
      assert.match(text, /SEV1/);
      assert.match(text, /tells the security lead within the hour/);
      assert.doesNotMatch(text, /(?:tell|message) the security lead in a direct message/i);
    });
  }

  test('the security lead has a paging route and a named deputy in system facts', () => {
    assert.ok(loadCanon().pagerDutyHandles.has('@pagerduty-security-lead'));
    assert.match(
      flat('onboarding/system-facts.md'),
      /\| Security Lead \| `@pagerduty-security-lead` \| the security lead at any hour; the compliance lead, their deputy for breach assessment, at 15 minutes \|/,
    );
  });
});
