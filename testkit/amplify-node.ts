/** Amplify's unmodified client in Node, pointed at a local identity service, as the browser's is. */
import { Amplify } from 'aws-amplify';
import { localIdentity } from '../core/local-pool';

export function configureAmplifyAt(identityUrl: string): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: localIdentity.userPoolId,
        userPoolClientId: localIdentity.userPoolClientId,
        userPoolEndpoint: identityUrl,
      },
    },
  });
}
