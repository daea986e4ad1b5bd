/**
 * What each edge function is packaged with (Lambda@Edge has no environment variables: Lambda@Edge
 * restrictions, "Environment variables"), written by `lambdas/package-edge.ts` beside the code.
 */
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { GateManifest } from '../../gate/manifest';

export interface EdgeManifest extends GateManifest {
  /**
   * The user pool's signing keys as they were at deploy time, so a cold start verifies tokens
   * without a network call; a token signed by any other key is refused.
   */
  jwks: Jwks;
  /**
   * The build's pages whose route ends in what looks like an extension (`docs/python-3.12.html`),
   * which the edge's layout rule would otherwise take for files (gate/decide.ts `siteByLayout`).
   */
  dottedPages: string[];
  /**
   * The previews' own host name (the deploy config's `previewDomain`): requests for it are served
   * the previews and the sign-in shell only, every other host production without its previews
   * (gate/preview-route.ts `siteForOrigin`). Without it no preview is served at all.
   */
  previewHost?: string;
  /** Production's host name (`siteDomain`), where the previews' host sends a production page. */
  siteHost?: string;
}
