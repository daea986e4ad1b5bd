/**
 * Whether the signed-in user is a reader: both tokens carry the reader group (`cognito:groups`),
 * as the gate requires (gate/session.ts). Read from the cookies without verifying them: it only
 * chooses what the page says. The gate decides what is served, and the dev server, which has no
 * gate, shows a user outside the group nothing of the handbook either.
 */
import { useMemo } from 'react';
import { readerGroup, userPoolClientId } from './amplify';
import { sessionTokens } from './cookie-session';
import type { SessionState } from './session';
import { decodeJwtPayload } from './session-format';

export function tokensCarryGroup(cookieString: string, clientId: string, group: string): boolean {
  const tokens = sessionTokens(cookieString, clientId);
  return [tokens?.accessToken, tokens?.idToken].every((token) => {
    const groups = decodeJwtPayload(token)?.['cognito:groups'];
    return Array.isArray(groups) && groups.includes(group);
  });
}

/** For a signed-in session, whether it is a reader's; null while there is none. */
export function useIsReader(state: SessionState): boolean | null {
  return useMemo(
    () => (state.status === 'signedIn' ? tokensCarryGroup(document.cookie, userPoolClientId(), readerGroup()) : null),
    [state],
  );
}
