/**
 * An inline script for every page's <head>: marks `<html data-session="live">` before the first
 * paint when Amplify's cookies hold a session that has not expired, so the prerendered page shows
 * at once instead of after the scripts load and React hydrates (see AuthGate's styles). On a page
 * the gate server has served, the session was verified a moment ago; React confirms it on hydration
 * and sends the reader to sign in if not. The CSP allows it by hash (plugins/sign-in-shell/index.ts).
 */
import { EXPIRY_TOLERANCE_SECONDS, lastAuthUserCookie, tokenCookie } from './session-format';

/** The attribute of `<html>` that shows the page (src/components/AuthGate/styles.module.css), and its value. */
export const SESSION_ATTRIBUTE = 'data-session';
export const LIVE_SESSION = 'live';

export function liveSessionScript(clientId: string): string {
  // The user is known only when the script runs: each token cookie's name as the text around it.
  const tokenNames = (['accessToken', 'idToken'] as const).map((kind) => tokenCookie(clientId, '\n', kind).split('\n'));
  return `(function(){try{
var jar={};document.cookie.split(';').forEach(function(p){var i=p.indexOf('=');if(i>0)jar[decodeURIComponent(p.slice(0,i).trim())]=decodeURIComponent(p.slice(i+1).trim())});
var user=jar[${JSON.stringify(lastAuthUserCookie(clientId))}];if(!user)return;
var live=${JSON.stringify(tokenNames)}.every(function(name){var t=(jar[name[0]+user+name[1]]||'').split('.')[1];if(!t)return false;
var exp=JSON.parse(atob(t.replace(/-/g,'+').replace(/_/g,'/'))).exp;return typeof exp==='number'&&exp*1000-Date.now()>${EXPIRY_TOLERANCE_SECONDS * 1000}});
if(live)document.documentElement.setAttribute(${JSON.stringify(SESSION_ATTRIBUTE)},${JSON.stringify(LIVE_SESSION)});
}catch(e){}})();`;
}
