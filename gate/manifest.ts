/**
 * What the gate knows about a build, written by the build (see `plugins/sign-in-shell`) and read by
 * the gate server and the edge packaging: which files make up the public sign-in shell, and which
 * user pool's tokens open the rest.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SIGN_IN_PATH } from '../core/sign-in-route';
import type { AuthMode, HandbookAuthConfig } from '../core/amplify-config';
import { userPoolOrigin } from '../core/user-pool-origin';

/** Inside the build, under a dot folder the gate never serves. */
export const MANIFEST_FILE = '.gate/manifest.json';

export interface GateAuth {
  mode: AuthMode;
  userPoolId: string;
  clientId: string;
  issuer: string;
  jwksUri: string;
  /** The Cognito group an administrator puts readers in: a token without it opens nothing. */
  readerGroup: string;
}

export interface GateManifest {
  signInPath: string;
  auth: GateAuth;
  /** The sign-in shell: all a signed-out visitor may load. */
  publicFiles: string[];
  /** Origins the page's scripts call: the user pool and its hosted sign-in domain. */
  connectSources: string[];
  /** CSP hashes of the inline scripts Docusaurus writes into its pages. */
  inlineScriptHashes: string[];
  /**
   * The pull request this build previews (built with the base URL `/previews/<N>/`); absent for
   * production. Whoever serves or publishes a preview holds it to the number it serves it as.
   */
  pullRequest?: number;
}

/** The verifier settings and CSP origins for the pool a build signs in against. */
export function gateAuthOf(config: HandbookAuthConfig): Pick<GateManifest, 'auth' | 'connectSources'> {
  const cognito = config.amplify.Auth?.Cognito;
  const { userPoolId, userPoolClientId, userPoolEndpoint, loginWith } = (cognito ?? {}) as NonNullable<
    typeof cognito
  > & { userPoolEndpoint?: string };
  if (!cognito || !userPoolId || !userPoolClientId) {
    throw new Error('The sign-in configuration names no Cognito user pool and app client');
  }
  const region = userPoolId.split('_')[0];
  const poolOrigin = userPoolOrigin({ userPoolId, userPoolEndpoint });
  const issuer = `${poolOrigin}/${userPoolId}`;
  const oauthDomain = loginWith?.oauth?.domain;
  // Amplify exchanges the Google sign-in's code at https://<domain>/oauth2/token.
  const connectSources = [poolOrigin, ...(oauthDomain ? [`https://${oauthDomain}`] : [])];
  if ('identityPoolId' in cognito && cognito.identityPoolId) {
    connectSources.push(`https://cognito-identity.${region}.amazonaws.com`);
  }
  return {
    auth: {
      mode: config.mode,
      userPoolId,
      clientId: userPoolClientId,
      issuer,
      jwksUri: `${issuer}/.well-known/jwks.json`,
      readerGroup: config.readerGroup,
    },
    connectSources,
  };
}

class MissingManifestError extends Error {
  constructor(buildDir: string) {
    super(
      `${path.join(buildDir, MANIFEST_FILE)} is missing: ${buildDir} is not a handbook build. Run \`npm run build\` first.`,
    );
    this.name = 'MissingManifestError';
  }
}

export function readManifest(buildDir: string): GateManifest {
  let text: string;
  try {
    text = readFileSync(path.join(buildDir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new MissingManifestError(buildDir);
  }
  const manifest = JSON.parse(text) as GateManifest;
  if (
    manifest.signInPath !== SIGN_IN_PATH ||
    !manifest.publicFiles?.length ||
    !manifest.auth?.issuer ||
    !manifest.auth.readerGroup
  ) {
    throw new Error(`${MANIFEST_FILE} in ${buildDir} is incomplete: rebuild with \`npm run build\``);
  }
  return manifest;
}

/**
 * Every file of the build, relative to it and `/`-separated, but the manifest's dot folder. Read
 * from disk when serving starts: plugins write files (the search index) after the manifest.
 */
/**
 * A build's manifest, held to the pull request it is served or published as: a preview built for
 * another number links its bundles under `/previews/<other>/`, so its pages would load unstyled,
 * or load another preview's files.
 */
export function readPreviewManifest(buildDir: string, pullRequest: number): GateManifest {
  const manifest = readManifest(buildDir);
  if (manifest.pullRequest !== pullRequest) {
    const built = manifest.pullRequest === undefined ? 'production' : `pull request ${manifest.pullRequest}`;
    throw new Error(
      `${buildDir} is the build of ${built}, not the preview of pull request ${pullRequest}: build it with \`npm run build:preview -- ${pullRequest} ${buildDir}\`.`,
    );
  }
  return manifest;
}

export function listBuildFiles(buildDir: string): string[] {
  return readdirSync(buildDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(buildDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.startsWith('.'))
    .sort();
}
