import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { rakeActorProblems, readActorTasks } from '../docs-rake-actor';
import { CANON_FILE, listDocs } from '../docs-rules';
import { messages } from './messages';

const tasks = readActorTasks(readFileSync(CANON_FILE, 'utf8'));
const missing = (task: string) =>
  `rake task "${task}" changes data and refuses to run without ACTOR (rake task table, system facts): add ACTOR="<your work email>" to the command`;
const fence = (language: string, code: string) => `Text.\n\n\`\`\`${language}\n${code}\n\`\`\`\n`;

describe('every write task a handbook page shows names its ACTOR', () => {
  const docsDir = path.resolve(__dirname, '../../docs');
  for (const file of listDocs(docsDir)) {
    test(path.relative(docsDir, file), () => {
      assert.deepEqual(messages(rakeActorProblems(readFileSync(file, 'utf8'), tasks)), []);
    });
  }
});

describe('the ACTOR check itself', () => {
  test('knows the write tasks from the Arguments column of the rake task table', () => {
    for (const task of ['iam:users:create', 'comms:voicemails:destroy', 'reporting:claims:rebuild']) {
      assert.ok(tasks.has(task), task);
    }
    for (const task of ['reporting:claims:validate_batch', 'synthetic:seed', 'iam:permissions:scan']) {
      assert.ok(!tasks.has(task), task);
    }
  });

  test('refuses a write task without ACTOR in a block, as first-deploy showed it (H2)', () => {
    const create = 'bin/rails "iam:users:create[you@example-health.com,engineer]" REASON="OPS-1"';
    assert.deepEqual(messages(rakeActorProblems(fence('bash', create), tasks)), [missing('iam:users:create')]);
    assert.deepEqual(
      messages(rakeActorProblems(fence('bash', `${create} ACTOR="lead@example-health.com"`), tasks)),
      [],
    );
  });

  test('refuses one in a code span, and passes a read-only task without ACTOR', () => {
    assert.deepEqual(messages(rakeActorProblems('Run `bin/rails "sync:ftp:reprocess[LEDGER_ID]"`.\n', tasks)), [
      missing('sync:ftp:reprocess'),
    ]);
    assert.deepEqual(
      messages(rakeActorProblems('Run `bin/rails "reporting:claims:validate_batch[1842]"`.\n', tasks)),
      [],
    );
  });

  test('reads ACTOR on a continued line, in an ECS command array, or exported earlier in the block', () => {
    const continued = 'bin/rails "comms:voicemails:destroy[42]" \\\n  ACTOR="you@example-health.com" REASON="OPS-9"';
    assert.deepEqual(messages(rakeActorProblems(fence('bash', continued), tasks)), []);
    const override = '"command":["bin/rails","reporting:claims:rebuild[2024-10-01]","REASON=OPS-2140"]';
    assert.deepEqual(messages(rakeActorProblems(fence('json', `{${override}}`), tasks)), [
      missing('reporting:claims:rebuild'),
    ]);
    assert.deepEqual(
      messages(
        rakeActorProblems(
          fence('json', `{${override.replace('"REASON', '"ACTOR=you@example-health.com","REASON')}}`),
          tasks,
        ),
      ),
      [],
    );
    const exported =
      'export ACTOR="you@example-health.com"\nbin/rails "reporting:claims:ingest_file[7]" REASON="OPS-1"';
    assert.deepEqual(messages(rakeActorProblems(fence('bash', exported), tasks)), []);
  });
});
