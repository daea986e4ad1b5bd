import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { billedProgramProblems, readBillingConditions } from '../docs-billed-programs';
import { BILLING_FILE, listDocs } from '../docs-rules';
import { messages } from './messages';

const billingPage = readFileSync(BILLING_FILE, 'utf8');
const conditions = readBillingConditions(billingPage);
const newPayer = readFileSync(
  path.resolve(__dirname, '../../docs/arc/modules/care_management/insurance/processes/new-payer.md'),
  'utf8',
);
const notBilled = (program: string) =>
  `program "${program}" in program_codes is not a row of the billing conditions (claims submission): add it with its access requirement, or leave it out`;

describe('every program a handbook page sets up for billing is in the billing conditions', () => {
  const docsDir = path.resolve(__dirname, '../../docs');
  for (const file of listDocs(docsDir)) {
    test(path.relative(docsDir, file), () => {
      assert.deepEqual(messages(billedProgramProblems(readFileSync(file, 'utf8'), conditions)), []);
    });
  }
});

describe('the billed-program check itself', () => {
  test('reads CCM with its 24/7 access requirement from the billing conditions', () => {
    assert.deepEqual([...conditions.keys()], ['CCM']);
    assert.match(conditions.get('CCM')?.access ?? '', /24\/7 access/);
  });

  test('refuses a program planted in the new-payer example that is not billed (N13)', () => {
    const planted = newPayer.replace('program_codes: %w[CCM]', 'program_codes: %w[CCM RPM]');
    assert.deepEqual(messages(billedProgramProblems(planted, conditions)), [notBilled('RPM')]);
    assert.deepEqual(messages(billedProgramProblems('```ruby\nplan.update!(program_code: "BHI")\n```', conditions)), [
      notBilled('BHI'),
    ]);
    assert.deepEqual(messages(billedProgramProblems('program_codes: ["CCM", "CoCM"]', conditions)), [
      notBilled('CoCM'),
    ]);
  });

  test('refuses a billing conditions row without its access requirement (N1)', () => {
    const withoutAccess = billingPage.replace(/^(\| CCM \| 99490, 99439 \| )[^|]+\|/m, '$1 |');
    assert.throws(() => readBillingConditions(withoutAccess), /billed program "CCM" has no access requirement/);
    assert.throws(() => readBillingConditions('No table here.'), /no table headed "Billed program"/);
  });
});
