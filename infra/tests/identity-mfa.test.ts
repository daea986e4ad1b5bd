/**
 * `passwordAccountMfa` in the user pool: TOTP only (no SMS, so no SMS role or phone numbers), off
 * by default as the spec says, and cdk-nag's COG2 ("MFA not required") acknowledged only while it
 * is not required.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { App, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { EXAMPLE_CONFIG_FILE, parseDeployConfig } from '../config';
import { addHandbookStacks } from '../handbook-app';

const root = mkdtempSync(path.join(tmpdir(), 'handbook-identity-mfa-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** The identity stack alone (no edge package), cdk-nag on, for the example config with `setting`. */
function synthIdentity(setting?: string): { template: Template; acknowledged: string[] } {
  const example = JSON.parse(readFileSync(EXAMPLE_CONFIG_FILE, 'utf8')) as Record<string, unknown>;
  const config = parseDeployConfig({ ...example, passwordAccountMfa: setting }, 'test config');
  const app = new App({ outdir: path.join(root, setting ?? 'default') });
  const { identity } = addHandbookStacks(app, { config, siteUrl: 'https://handbook.example-health.com' });
  app.synth();
  const acknowledged = identity.userPool.node.metadata
    .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
    .flatMap((entry) => Object.keys(entry.data as object));
  return { template: Template.fromStack(identity), acknowledged };
}

const COG2 = /AwsSolutions-COG2$/;

test('off by default: no MFA, no second-factor list, COG2 acknowledged with the setting named', () => {
  const { template, acknowledged } = synthIdentity();
  template.hasResourceProperties('AWS::Cognito::UserPool', {
    MfaConfiguration: 'OFF',
    EnabledMfas: Match.absent(),
    SmsConfiguration: Match.absent(),
  });
  assert.ok(
    acknowledged.some((rule) => COG2.test(rule)),
    acknowledged.join(', '),
  );
});

for (const [setting, mfaConfiguration] of [
  ['optional', 'OPTIONAL'],
  ['required', 'ON'],
] as const) {
  test(`"${setting}": MfaConfiguration ${mfaConfiguration}, TOTP the only second factor`, () => {
    const { template, acknowledged } = synthIdentity(setting);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: mfaConfiguration,
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      SmsConfiguration: Match.absent(),
    });
    // The pre sign-up and post confirmation triggers' roles; no SMS role.
    template.resourceCountIs('AWS::IAM::Role', 2);
    assert.equal(
      acknowledged.some((rule) => COG2.test(rule)),
      setting === 'optional',
      'COG2 is acknowledged only while MFA is not required',
    );
  });
}
