/** `npm run offboard -- <email>`: see offboard.ts. */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { deployedUserPoolId } from './aws-cloud';
import { readDeployConfig } from './config';
import { offboard } from './offboard';

async function main(): Promise<void> {
  const email = process.argv[2];
  if (!email) throw new Error('Usage: npm run offboard -- <email>');
  const config = readDeployConfig();
  const client = new CognitoIdentityProviderClient({ region: config.region });
  const target = { client, userPoolId: await deployedUserPoolId(config), readerGroup: config.readerGroup };
  const usernames = await offboard(target, email);
  console.log(
    `Offboarded ${email} (${usernames.join(', ')}): out of ${config.readerGroup}, signed out everywhere, disabled.`,
  );
  console.log('Tokens already issued expire within 15 minutes.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
