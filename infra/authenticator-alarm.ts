/**
 * Mail to the operators on every change of a reader's second factor (security review 4, finding 2):
 * Cognito lets any valid access token replace the authenticator (AssociateSoftwareToken, then
 * VerifySoftwareToken) and, with `optional`, turn it off (SetUserMFAPreference), and the handbook
 * can only ask for a fresh sign-in in its own dialog. Cognito's API calls reach EventBridge through
 * CloudTrail ("AWS API Call via CloudTrail", source `aws.cognito-idp`, event source
 * `cognito-idp.amazonaws.com`: EventBridge reference, Amazon Cognito events), which needs a trail
 * logging management events in the pool's region (EventBridge user guide, "Events from AWS
 * services"); infra/OPERATIONS.md says so.
 */
import { Validations } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

/** The calls that add, replace, turn on or off a user's second factor, by a reader's token or an administrator. */
export const AUTHENTICATOR_CALLS = [
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'AdminSetUserMFAPreference',
] as const;

export class AuthenticatorChangeAlarm extends Construct {
  constructor(scope: Construct, id: string, props: { alarmEmail: string; userPoolId: string }) {
    super(scope, id);
    const topic = new sns.Topic(this, 'Mail', {
      displayName: 'Engineering Handbook: second factor changed',
      enforceSSL: true,
    });
    topic.addSubscription(new EmailSubscription(props.alarmEmail));
    Validations.of(topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'The messages name the call, the pool and the time; EventBridge publishes to it without a customer key policy.',
    });
    new events.Rule(this, 'Rule', {
      description: 'Every change of a reader’s second factor in the handbook’s user pool',
      eventPattern: {
        source: ['aws.cognito-idp'],
        detailType: ['AWS API Call via CloudTrail'],
        detail: { eventSource: ['cognito-idp.amazonaws.com'], eventName: [...AUTHENTICATOR_CALLS] },
      },
      targets: [
        new targets.SnsTopic(topic, {
          message: events.RuleTargetInput.fromText(
            `Second factor changed in ${props.userPoolId}: ${events.EventField.fromPath('$.detail.eventName')} at ${events.EventField.fromPath('$.detail.eventTime')} from ${events.EventField.fromPath('$.detail.sourceIPAddress')}. Check with the reader that it was them (infra/OPERATIONS.md).`,
          ),
        }),
      ],
    });
  }
}
