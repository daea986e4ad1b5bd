/** `npm run offboard -- <email | sub | username>`: see offboard.ts. */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { deployedUserPoolId } from './aws-cloud';
import { readDeployConfig } from './config';
import { TOKEN_LIFETIMES } from './identity-stack';
import { offboard } from './offboard';
import type { Account } from './offboard';

const describe = (account: Account) =>
  `${account.email || '(no email)'}: ${account.kind} account ${account.username} (sub ${account.sub})`;

async function main(): Promise<void> {
  const who = process.argv[2];
  if (!who) throw new Error('Usage: npm run offboard -- <email | sub | username>');
  const config = readDeployConfig();
  const client = new CognitoIdentityProviderClient({ region: config.region });
  const target = {
    client,
    userPoolId: await deployedUserPoolId(config),
    readerGroup: config.readerGroup,
    allowedEmailDomains: config.allowedEmailDomains,
  };
  const report = await offboard(target, who);
  console.log(`Out of ${config.readerGroup}, signed out everywhere and disabled:`);
  for (const account of report.disabled) console.log(`  - ${describe(account)}`);
  console.log(`Tokens already issued expire within ${TOKEN_LIFETIMES.accessToken.toMinutes()} minutes.`);
  if (report.outsideCompanyDomains.length) {
    console.log('Readers whose email is outside the company domains (was an account moved there?):');
    for (const account of report.outsideCompanyDomains) console.log(`  - ${describe(account)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
