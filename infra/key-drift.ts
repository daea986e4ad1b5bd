/**
 * Key drift: the edge functions carry the pool's JWKS as it was at the deploy, and Cognito "might
 * rotate signing keys" ("Verifying JSON web tokens"). A key the pool signs with that the deployed
 * functions lack means readers with new tokens are turned away until the next deploy.
 */
import type { Jwks } from 'aws-jwt-verify/jwk';

export interface KeyDrift {
  /** Keys the pool publishes that the deployed edge functions do not know: deploy now. */
  unknownToEdge: string[];
  /** Keys the edge still trusts that the pool no longer publishes (harmless; gone at the next deploy). */
  retiredByPool: string[];
}

const kidsOf = (jwks: Jwks) => new Set(jwks.keys.map((key) => String(key.kid)));

export function keyDrift(deployed: Jwks, pool: Jwks): KeyDrift {
  const known = kidsOf(deployed);
  const published = kidsOf(pool);
  return {
    unknownToEdge: [...published].filter((kid) => !known.has(kid)).sort(),
    retiredByPool: [...known].filter((kid) => !published.has(kid)).sort(),
  };
}
