/**
 * Local mode only. Amplify reaches the hosted sign-in at `https://<oauth domain>` whatever the
 * configuration (its authorize, token and logout endpoints), and the local identity service answers
 * on loopback over plain http: a certificate for it would make the browser warn. Amplify's flow is
 * left as it is; only requests to that one loopback origin change scheme, navigations through the
 * Navigation API and the code exchange through `fetch`.
 */
import { isLoopbackHostPort } from '../../core/loopback';

/** The part of the Navigation API used here (Chromium, Firefox, Safari 26.2+), not yet in TypeScript's DOM types. */
interface NavigateEvent extends Event {
  readonly destination: { readonly url: string };
}
declare global {
  interface Window {
    navigation?: { addEventListener(type: 'navigate', listener: (event: NavigateEvent) => void): void };
  }
}

export function reachLocalHostedSignInOverHttp(domain: string): void {
  if (!isLoopbackHostPort(domain)) throw new Error(`Local mode's hosted sign-in must be on loopback, not ${domain}`);
  const secure = `https://${domain}/`;
  const plain = (url: string) => (url.startsWith(secure) ? `http://${domain}/${url.slice(secure.length)}` : null);

  const fetchOverHttps = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = plain(input instanceof Request ? input.url : String(input));
    if (!url) return fetchOverHttps(input, init);
    return fetchOverHttps(input instanceof Request ? new Request(url, input) : url, init);
  };

  window.navigation?.addEventListener('navigate', (event) => {
    const url = plain(event.destination.url);
    if (!url || !event.cancelable) return;
    event.preventDefault();
    window.location.assign(url);
  });
}
