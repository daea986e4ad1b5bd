import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { DeployConfigError, EXAMPLE_CONFIG_FILE, parseDeployConfig, readDeployConfig } from '../config';

const example = JSON.parse(readFileSync(EXAMPLE_CONFIG_FILE, 'utf8')) as Record<string, unknown>;

function problemsOf(raw: unknown): string[] {
  try {
    parseDeployConfig(raw, 'deploy.config.json');
  } catch (error) {
    assert.ok(error instanceof DeployConfigError);
    return error.problems;
  }
  return [];
}

describe('the deploy configuration', () => {
  test('the example is valid', () => {
    assert.equal(readDeployConfig(EXAMPLE_CONFIG_FILE).environment, 'production');
  });

  test('names every wrong field in one run', () => {
    const problems = problemsOf({
      ...example,
      account: '12345',
      region: 'Virginia',
      googleClientSecretName: 'GOCSPX abc def',
      allowedEmailDomains: [],
      authDomainPrefix: 'aws-handbook',
      readerGroup: undefined,
      acessLogRetentionDays: 30,
    });
    assert.deepEqual(
      problems.map((problem) => problem.split(' ')[0]),
      [
        'account',
        'region',
        'authDomainPrefix',
        'allowedEmailDomains',
        'readerGroup',
        'googleClientSecretName',
        'acessLogRetentionDays',
        'certificateArn',
      ],
    );
    assert.match(problems.join('\n'), /acessLogRetentionDays is not a setting \(misspelt\?\)/);
  });

  test('a custom domain needs its us-east-1 certificate in the same account', () => {
    assert.match(
      problemsOf({ ...example, certificateArn: undefined }).join(),
      /siteDomain and certificateArn go together/,
    );
    assert.match(
      problemsOf({
        ...example,
        certificateArn: String(example.certificateArn).replace('us-east-1', 'eu-west-1'),
      }).join(),
      /certificateArn must be an ACM certificate ARN in us-east-1/,
    );
    assert.deepEqual(
      problemsOf({ ...example, siteDomain: undefined, certificateArn: undefined, previewDomain: undefined }),
      [],
    );
  });

  test('previews get a host of their own, never production’s, under the same certificate', () => {
    assert.match(
      problemsOf({ ...example, siteDomain: undefined, certificateArn: undefined }).join(),
      /previewDomain needs siteDomain and certificateArn/,
    );
    assert.match(problemsOf({ ...example, previewDomain: example.siteDomain }).join(), /previewDomain must differ/);
    assert.match(
      problemsOf({ ...example, previewDomain: 'Previews_Host' }).join(),
      /previewDomain must be a lower-case host name/,
    );
  });

  test('a missing file says how to make one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'handbook-config-'));
    try {
      assert.throws(
        () => readDeployConfig(path.join(dir, 'deploy.config.json')),
        /does not exist: copy infra\/deploy.config.example.json/,
      );
      writeFileSync(path.join(dir, 'broken.json'), '{');
      assert.throws(() => readDeployConfig(path.join(dir, 'broken.json')), /is not valid JSON/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('operations settings: defaults where absent, each checked when given', () => {
    const config = parseDeployConfig(example, 'deploy.config.json');
    assert.equal(config.edgeLogRetentionDays, 90);
    assert.equal(config.edgeVersionsKept, 3);
    assert.ok(config.edgeLogRegions.includes('us-east-1') && config.edgeLogRegions.includes('eu-west-1'));
    assert.equal(config.alarmEmail, undefined);
    assert.deepEqual(
      problemsOf({
        ...example,
        edgeLogRetentionDays: 100,
        edgeLogRegions: ['eu-west-1'],
        edgeVersionsKept: -1,
        alarmEmail: 'oncall',
        emailSender: { fromEmail: 'handbook@example-health.com', from: 'x' },
      }).map((problem) => problem.split(' ')[0]),
      ['edgeLogRetentionDays', 'edgeLogRegions', 'edgeVersionsKept', 'alarmEmail', 'emailSender'],
    );
    assert.deepEqual(
      problemsOf({ ...example, edgeLogRetentionDays: 400, emailSender: { fromEmail: 'handbook@example-health.com' } }),
      [],
    );
  });

  test('passwordAccountMfa: off unless set; anything but off, optional or required is named with the allowed values', () => {
    assert.equal(parseDeployConfig(example, 'deploy.config.json').passwordAccountMfa, 'off');
    for (const setting of ['off', 'optional', 'required']) {
      assert.equal(parseDeployConfig({ ...example, passwordAccountMfa: setting }, 'x').passwordAccountMfa, setting);
    }
    for (const wrong of ['on', 'REQUIRED', true, 'sms']) {
      assert.deepEqual(problemsOf({ ...example, passwordAccountMfa: wrong }), [
        `passwordAccountMfa is ${JSON.stringify(wrong)}: it must be one of "off", "optional", "required" (a TOTP second factor for password accounts; "off" is the default)`,
      ]);
    }
  });
});
