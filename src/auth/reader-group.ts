/**
 * Whether the signed-in user is a reader: both tokens carry the reader group (`cognito:groups`),
 * as the gate requires (gate/session.ts). Read from the cookies without verifying them: it only
 * chooses what the page says. The gate decides what is served, and the dev server, which has no
 * gate, shows a user outside the group nothing of the handbook either.
 */
import { useMemo } from 'react';
import { readPageSession } from './site-auth';
import type { SessionState } from './session';

/** For a signed-in session, whether it is a reader's; null while there is none. */
export function useIsReader(state: SessionState): boolean | null {
  return useMemo(() => (state.status === 'signedIn' ? (readPageSession()?.inReaderGroup ?? false) : null), [state]);
}
