/**
 * The one reader of Amplify's session cookies, for the page (`document.cookie`), the inline head
 * script (which embeds these functions' own source, so they use nothing outside themselves), the
 * Node gate and the edge (a `Cookie` header).
 *
 * A cookie name can arrive more than once: another site of the same domain (a sibling subdomain)
 * can set `Domain=` cookies the browser sends beside the handbook's own, and before them if their
 * `Path` is longer. Picking the first or the last lets such a cookie choose the session. Instead,
 * every pairing the cookies allow is a candidate (each user `LastAuthUser` names, with each of that
 * user's access and id tokens); the session is the one valid candidate: verified by the gate, and
 * unexpired for the page (which cannot check a signature, and whose verdict only decides what shows
 * before the gate's answer). Planted junk then changes nothing; a planted valid session beside the
 * reader's own makes two users, and so no session, never the planter's.
 */

export interface SessionTokens {
  accessToken: string;
  idToken: string;
}

/**
 * Where the session's cookies are: the `LastAuthUser` cookie, and for each token the text before
 * and after the user's name in its cookie's name.
 */
export interface SessionCookieNames {
  lastAuthUser: string;
  accessToken: [string, string];
  idToken: [string, string];
}

/** Every distinct value of each cookie, in the order sent; pairs that do not decode are dropped. */
export function cookieValues(cookieString: string): Record<string, string[]> {
  const values: Record<string, string[]> = Object.create(null);
  const pairs = cookieString.split(';');
  for (let index = 0; index < pairs.length; index += 1) {
    const pair = pairs[index];
    const equals = pair.indexOf('=');
    if (equals < 1) continue;
    try {
      const name = decodeURIComponent(pair.slice(0, equals).trim());
      const value = decodeURIComponent(pair.slice(equals + 1).trim());
      const known = values[name] || (values[name] = []);
      if (known.indexOf(value) === -1) known.push(value);
    } catch {
      // A cookie that is not ours, or not well-formed: not a session.
    }
  }
  return values;
}

/**
 * Every (access, id) pair the cookies could mean, at most 4: more than a browser of one reader
 * holds, so more means planted cookies, and none is returned (a gate verifying dozens of pairs per
 * request would be a cheap way to load it).
 */
export function sessionCandidates(cookieString: string, names: SessionCookieNames): SessionTokens[] {
  const values = cookieValues(cookieString);
  const candidates: SessionTokens[] = [];
  const users = values[names.lastAuthUser] || [];
  for (let userIndex = 0; userIndex < users.length; userIndex += 1) {
    const user = users[userIndex];
    const accessTokens = values[names.accessToken[0] + user + names.accessToken[1]] || [];
    const idTokens = values[names.idToken[0] + user + names.idToken[1]] || [];
    for (let accessIndex = 0; accessIndex < accessTokens.length; accessIndex += 1) {
      for (let idIndex = 0; idIndex < idTokens.length; idIndex += 1) {
        candidates.push({ accessToken: accessTokens[accessIndex], idToken: idTokens[idIndex] });
        if (candidates.length > 4) return [];
      }
    }
  }
  return candidates;
}

/**
 * Of the sessions the candidates hold (verified by a gate, unexpired for the page), the one to act
 * on: the latest of one user's. A reader's comes first, so a planted session of someone outside the
 * reader group (any new Google sign-in) never displaces a reader's own; two readers' sessions make
 * none, since which one was planted is unknowable. The gates and the page choose by this one rule.
 */
export function chooseSession<S extends { userId: string; expiresAt: number; reader: boolean }>(
  sessions: readonly S[],
): S | null {
  const readers = sessions.filter((session) => session.reader);
  const candidates = readers.length > 0 ? readers : sessions;
  if (new Set(candidates.map(({ userId }) => userId)).size !== 1) return null;
  return candidates.reduce((latest, next) => (next.expiresAt > latest.expiresAt ? next : latest));
}
