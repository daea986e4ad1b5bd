/**
 * An inline script for every page's <head>: marks `<html data-session="live">` before the first
 * paint when Amplify's cookies hold a session that has not expired, so the prerendered page shows
 * at once instead of after the scripts load and React hydrates (see AuthGate's styles). On a page
 * the gate server has served, the session was verified a moment ago; React confirms it on hydration
 * and sends the reader to sign in if not. The CSP allows it by hash (plugins/sign-in-shell/index.ts).
 */
import { sessionCookieNames } from './cookie-session';
import { cookieValues, sessionCandidates } from './cookies';
import { EXPIRY_TOLERANCE_SECONDS } from './session-format';

/** The attribute of `<html>` that shows the page (src/components/AuthGate/styles.module.css), and its value. */
export const SESSION_ATTRIBUTE = 'data-session';
export const LIVE_SESSION = 'live';

export function liveSessionScript(clientId: string): string {
  // The session cookies are read by `cookies.ts`'s own functions, embedded: one parser everywhere.
  return `(function(){try{
${cookieValues.toString()}
${sessionCandidates.toString()}
var subs={},users=0;
sessionCandidates(document.cookie,${JSON.stringify(sessionCookieNames(clientId))}).forEach(function(pair){
var claims=[pair.accessToken,pair.idToken].map(function(t){try{return JSON.parse(atob(t.split('.')[1].replace(/-/g,'+').replace(/_/g,'/')))||{}}catch(e){return {}}});
var live=claims.every(function(c){return typeof c.exp==='number'&&c.exp*1000-Date.now()>${EXPIRY_TOLERANCE_SECONDS * 1000}});
if(live&&!subs['~'+claims[1].sub]){subs['~'+claims[1].sub]=1;users+=1}});
if(users===1)document.documentElement.setAttribute(${JSON.stringify(SESSION_ATTRIBUTE)},${JSON.stringify(LIVE_SESSION)});
}catch(e){}})();`;
}
