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

/**
 * Every distinct value of each cookie, in the order sent; pairs that do not decode are dropped, and
 * so are names not in a canonical spelling: as written (no escapes) or as js-cookie, Amplify's
 * cookie writer, encodes it. Otherwise `%2E` for `.` or `%49` for `I` would make one name many
 * distinct cookies for the browser (security review 3, finding 4).
 */
export function cookieValues(cookieString: string): Record<string, string[]> {
  const values: Record<string, string[]> = Object.create(null);
  const pairs = cookieString.split(';');
  for (let index = 0; index < pairs.length; index += 1) {
    const pair = pairs[index];
    const equals = pair.indexOf('=');
    if (equals < 1) continue;
    try {
      const rawName = pair.slice(0, equals).trim();
      const name = decodeURIComponent(rawName);
      // js-cookie 3's name encoding (`js.cookie.mjs`, `set`).
      const written = encodeURIComponent(name)
        .replace(/%(2[346B]|5E|60|7C)/g, decodeURIComponent)
        .replace(/[()]/g, escape);
      if (rawName !== name && rawName !== written) continue;
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
 * Every (access, id) pair the cookies could mean. A token counts only if it is JWT-shaped (three
 * base64url parts) and names, as its `sub` or user name, the user its cookie is named after:
 * junk is dropped before anything is counted. A user with more than 4 pairings (more than one
 * reader's browser holds) has planted tokens among them, and none of that user's is returned; more
 * than 32 in all, none at all (a gate verifying hundreds of pairs per request would be a cheap way
 * to load it).
 */
export function sessionCandidates(cookieString: string, names: SessionCookieNames): SessionTokens[] {
  const values = cookieValues(cookieString);
  const candidates: SessionTokens[] = [];
  const users = values[names.lastAuthUser] || [];
  for (let userIndex = 0; userIndex < users.length; userIndex += 1) {
    const user = users[userIndex];
    // No helper functions: the head script embeds this function's source alone (see the top).
    const kinds = [
      { tokens: values[names.accessToken[0] + user + names.accessToken[1]] || [], userClaim: 'username', kept: [''] },
      { tokens: values[names.idToken[0] + user + names.idToken[1]] || [], userClaim: 'cognito:username', kept: [''] },
    ];
    for (let kindIndex = 0; kindIndex < kinds.length; kindIndex += 1) {
      const kind = kinds[kindIndex];
      kind.kept = [];
      for (let tokenIndex = 0; tokenIndex < kind.tokens.length; tokenIndex += 1) {
        const token = kind.tokens[tokenIndex];
        if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) continue;
        try {
          const claims = JSON.parse(
            decodeURIComponent(escape(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')))),
          );
          if (claims && (claims.sub === user || claims[kind.userClaim] === user)) kind.kept.push(token);
        } catch {
          // Not a JWT's payload: junk.
        }
      }
    }
    const accessTokens = kinds[0].kept;
    const idTokens = kinds[1].kept;
    if (accessTokens.length * idTokens.length > 4) continue;
    for (let accessIndex = 0; accessIndex < accessTokens.length; accessIndex += 1) {
      for (let idIndex = 0; idIndex < idTokens.length; idIndex += 1) {
        candidates.push({ accessToken: accessTokens[accessIndex], idToken: idTokens[idIndex] });
      }
    }
  }
  return candidates.length > 32 ? [] : candidates;
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
