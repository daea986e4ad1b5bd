/**
 * Cognito's mail (temporary passwords, verification codes) through Amazon SES. Cognito's default
 * sender "allows only a limited number of emails each day" (`EmailConfigurationType`, 50 a day per
 * account in the Cognito quotas) from `no-reply@verificationemail.com`: too few for onboarding a
 * team, and a sender readers do not know. With `emailSender` set, mail comes from the company's
 * SES-verified address.
 */
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { EmailSender } from './config';

export function sesEmail(sender: EmailSender, poolRegion: string): cognito.UserPoolEmail {
  return cognito.UserPoolEmail.withSES({
    fromEmail: sender.fromEmail,
    fromName: sender.fromName,
    replyTo: sender.replyTo,
    sesRegion: sender.sesRegion ?? poolRegion,
  });
}
