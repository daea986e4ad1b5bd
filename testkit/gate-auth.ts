/** The gate's settings for a stand-in real pool, derived as a build derives them (`gateAuthOf`), not written out. */
import { gateAuthOf } from '../gate/manifest';
import type { GateAuth } from '../gate/manifest';

export function realPoolAuth(pool: { userPoolId: string; clientId: string; readerGroup?: string }): GateAuth {
  return gateAuthOf({
    mode: 'cognito',
    amplify: { Auth: { Cognito: { userPoolId: pool.userPoolId, userPoolClientId: pool.clientId } } },
    readerGroup: pool.readerGroup ?? 'handbook-readers',
  }).auth;
}
