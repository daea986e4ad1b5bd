/**
 * The deployed user pool as the access commands (grant, readers, offboard) reach it, and how they
 * end: each prints what it did and exits 1 when anything was left undone.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { deployedUserPoolId } from './aws-cloud';
import { readDeployConfig } from './config';
import type { DeployConfig } from './config';
import type { PoolTarget } from './reader-accounts';

/** What a command has to say, and whether it did all it was asked. */
export interface CommandOutcome {
  lines: string[];
  done: boolean;
}

export async function deployedPoolTarget(config: DeployConfig): Promise<PoolTarget> {
  return {
    client: new CognitoIdentityProviderClient({ region: config.region }),
    userPoolId: await deployedUserPoolId(config),
    readerGroup: config.readerGroup,
    allowedEmailDomains: config.allowedEmailDomains,
  };
}

/** Runs a command against the deployed pool: its lines to stdout, exit 1 unless it is done. */
export function runPoolCommand(command: (target: PoolTarget, config: DeployConfig) => Promise<CommandOutcome>): void {
  (async () => {
    const config = readDeployConfig();
    const target = await deployedPoolTarget(config);
    try {
      const { lines, done } = await command(target, config);
      for (const line of lines) console.log(line);
      if (!done) process.exitCode = 1;
    } finally {
      target.client.destroy();
    }
  })().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
