import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { checkAgainstCanon } from '../docs-canon';
import { loadCanon } from '../docs-rules';
import { sample } from './canon-sample';
import { messages } from './messages';

const canon = loadCanon();
const connector = readFileSync(path.resolve(__dirname, '../../docs/data/snowflake/postgresql_connector.md'), 'utf8');
const unlisted = (task: string) =>
  `rake task "${task}" is in a namespace neither of the rake task table nor of Rails and gems (system facts): add it to the table`;
const bash = (line: string) => '```bash\n' + line + '\n```\n';

describe('the canon rule of `docs-canon-rake-namespaces.ts`', () => {
  test('passes the connector page, whose task is in the rake table', () => {
    assert.deepEqual(messages(checkAgainstCanon(connector, canon)), []);
  });

  test('refuses a task in a namespace of ours that the table does not have (N16)', () => {
    const planted = connector.replace('snowflake:publication:check', 'replica:publication:check');
    assert.deepEqual(messages(checkAgainstCanon(planted, canon)), [unlisted('replica:publication:check')]);
  });

  test('reads every way a page runs a task, and passes Rails and gem namespaces', () => {
    assert.deepEqual(
      messages(
        checkAgainstCanon(bash('bin/rails db:migrate && bin/rails graphql:schema:dump && rake routes:list'), canon),
      ),
      [],
    );
    assert.deepEqual(messages(checkAgainstCanon(bash('bin/rails "billing:reconcile[2026-11]" ACTOR=a@b.c'), canon)), [
      unlisted('billing:reconcile'),
    ]);
    assert.deepEqual(messages(checkAgainstCanon('`["bin/rails","billing:reconcile[2026-11]"]`', canon)), [
      unlisted('billing:reconcile'),
    ]);
    assert.deepEqual(messages(checkAgainstCanon('Run `rake billing:reconcile` first.', canon)), [
      unlisted('billing:reconcile'),
    ]);
  });

  test('is not held by a smaller canon that lists no Rails and gem namespaces', () => {
    assert.deepEqual(messages(checkAgainstCanon(bash('bin/rails billing:reconcile'), sample)), []);
  });
});
