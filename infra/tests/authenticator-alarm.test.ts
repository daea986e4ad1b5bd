/** The operators' mail on every change of a second factor (security review 4, finding 2), as synthesized. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AUTHENTICATOR_CALLS, AuthenticatorChangeAlarm } from '../authenticator-alarm';

function synthesized(): Template {
  const app = new App();
  const stack = new Stack(app, 'Identity', { env: { account: '123456789012', region: 'eu-west-1' } });
  new AuthenticatorChangeAlarm(stack, 'AuthenticatorChange', {
    alarmEmail: 'ops@example-health.com',
    userPoolId: 'eu-west-1_AbCdEf123',
  });
  return Template.fromStack(stack);
}

test('every call that sets, replaces or turns off a second factor mails the operators', () => {
  const template = synthesized();
  assert.deepEqual([...AUTHENTICATOR_CALLS].sort(), [
    'AdminSetUserMFAPreference',
    'AssociateSoftwareToken',
    'SetUserMFAPreference',
    'VerifySoftwareToken',
  ]);
  template.hasResourceProperties('AWS::Events::Rule', {
    EventPattern: {
      source: ['aws.cognito-idp'],
      'detail-type': ['AWS API Call via CloudTrail'],
      detail: { eventSource: ['cognito-idp.amazonaws.com'], eventName: [...AUTHENTICATOR_CALLS] },
    },
    State: 'ENABLED',
    Targets: [Match.objectLike({ Arn: { Ref: Match.stringLikeRegexp('^AuthenticatorChangeMail') } })],
  });
  template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example-health.com' });
  // EventBridge may publish to the topic, and only over TLS is anything else let in.
  template.hasResourceProperties('AWS::SNS::TopicPolicy', {
    PolicyDocument: {
      Statement: Match.arrayWith([
        Match.objectLike({ Action: 'sns:Publish', Principal: { Service: 'events.amazonaws.com' } }),
      ]),
    },
  });
});
