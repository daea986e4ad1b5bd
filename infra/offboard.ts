/**
 * `npm run offboard -- <email>`: when someone leaves. Takes the user out of the readers' group,
 * ends every session (their refresh tokens stop working at once) and disables the account, so
 * neither the password form nor Google lets them back in. Tokens already issued pass the gate's
 * offline check until they expire: 15 minutes at most (infra/identity-stack.ts TOKEN_LIFETIMES).
 */
import {
  AdminDisableUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUserGlobalSignOutCommand,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

interface OffboardTarget {
  client: CognitoIdentityProviderClient;
  userPoolId: string;
  readerGroup: string;
}

/** Every account of that email (a password account and a Google one are two users). */
async function usersWithEmail({ client, userPoolId }: OffboardTarget, email: string): Promise<string[]> {
  if (!/^[^@\s"\\]+@[^@\s"\\]+$/.test(email)) throw new Error(`"${email}" is not an email address.`);
  const { Users = [] } = await client.send(
    new ListUsersCommand({ UserPoolId: userPoolId, Filter: `email = "${email.toLowerCase()}"` }),
  );
  return Users.map((user) => user.Username).filter((name): name is string => Boolean(name));
}

/** Returns the user names it offboarded; fails when the email has no account. */
export async function offboard(target: OffboardTarget, email: string): Promise<string[]> {
  const usernames = await usersWithEmail(target, email);
  if (usernames.length === 0) throw new Error(`No account has the email ${email}.`);
  const { client, userPoolId, readerGroup } = target;
  for (const username of usernames) {
    const user = { UserPoolId: userPoolId, Username: username };
    await client.send(new AdminRemoveUserFromGroupCommand({ ...user, GroupName: readerGroup }));
    await client.send(new AdminUserGlobalSignOutCommand(user));
    await client.send(new AdminDisableUserCommand(user));
  }
  return usernames;
}
