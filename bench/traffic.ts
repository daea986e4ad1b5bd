/** What a browser context fetched: gzip bytes of JS and CSS, and the requests worth flagging. */
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Response } from '@playwright/test';
import { localIdentity } from '../identity/local-pool';

export interface Traffic {
  /** Scripts and stylesheets the page loaded to run. */
  jsGzipBytes: number;
  cssGzipBytes: number;
  /**
   * JS and CSS fetched ahead for pages the reader may open next (Docusaurus prefetches the chunks
   * of links in view). Kept apart: how many land before the network goes idle varies run to run.
   */
  prefetchGzipBytes: number;
  /** Mermaid's core chunk (the one file holding `mermaidAPI`) was among the scripts. */
  mermaidLoaded: boolean;
  searchIndexFetched: boolean;
  identityRequests: number;
}

const IDENTITY_HOST = `${localIdentity.host}:${localIdentity.port}`;

/**
 * Records a context's traffic from now on; `take()` returns it and starts afresh. Counts what came
 * over the network, prefetches of other pages' chunks included, not what the cache answered. The
 * servers do not compress, so each body is gzipped here (zlib's default level, as a server would).
 */
export function recordTraffic(context: BrowserContext): { take(): Promise<Traffic> } {
  let current = empty();
  let bodies: Promise<void>[] = [];

  function empty(): Traffic {
    return {
      jsGzipBytes: 0,
      cssGzipBytes: 0,
      prefetchGzipBytes: 0,
      mermaidLoaded: false,
      searchIndexFetched: false,
      identityRequests: 0,
    };
  }

  async function measure(response: Response, into: Traffic): Promise<void> {
    const { pathname } = new URL(response.url());
    const kind = pathname.endsWith('.js') ? 'js' : pathname.endsWith('.css') ? 'css' : null;
    if (!kind || response.status() !== 200) return;
    // A prefetch of a chunk already loaded is answered from the cache: nothing crossed the wire.
    const sizes = await response
      .request()
      .sizes()
      .catch(() => null);
    if (!sizes || sizes.responseBodySize <= 0) return;
    const body = await response.body().catch(() => null);
    if (!body) return;
    const gzipped = gzipSync(body).length;
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') {
      into.prefetchGzipBytes += gzipped;
    } else if (kind === 'js') {
      into.jsGzipBytes += gzipped;
      if (body.includes('mermaidAPI')) into.mermaidLoaded = true;
    } else {
      into.cssGzipBytes += gzipped;
    }
  }

  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.host === IDENTITY_HOST) current.identityRequests += 1;
    if (url.pathname.includes('search-index')) current.searchIndexFetched = true;
  });
  context.on('response', (response) => {
    bodies.push(measure(response, current));
  });

  return {
    async take() {
      const taken = current;
      const pending = bodies;
      current = empty();
      bodies = [];
      await Promise.all(pending);
      return taken;
    },
  };
}
