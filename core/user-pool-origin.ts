/**
 * Where the user pool's API answers: the configured endpoint (local mode's identity service), or
 * Cognito's in the pool's region (`cognito-idp.<region>.amazonaws.com`, the region being the pool
 * id's prefix), as Amplify and the AWS SDK call it. No imports: the browser bundle and Node both
 * load it.
 */
export function userPoolOrigin({
  userPoolId,
  userPoolEndpoint,
}: {
  userPoolId: string;
  userPoolEndpoint?: string;
}): string {
  return userPoolEndpoint ?? `https://cognito-idp.${userPoolId.split('_')[0]}.amazonaws.com`;
}
