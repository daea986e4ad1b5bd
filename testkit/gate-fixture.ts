/**
 * The gate server on a fixture build (`fixture-build.ts`), against a local identity service of its
 * own, with the demo reader signed in: the setup the gate's server tests share.
 */
import type http from 'node:http';
import { createGateServer } from '../gate/server';
import type { GateServerOptions } from '../gate/server';
import type { GateManifest } from '../gate/manifest';
import { fixtureManifest, writeFixtureBuild } from './fixture-build';
import type { FixtureBuild } from './fixture-build';
import { localPoolAuth, sessionCookieHeader, signInForTokens, startIdentityProcess } from './local-identity';
import type { RunningIdentityService, SignInTokens } from './local-identity';
import { listenOnLoopback, rawRequest } from './loopback';
import type { RawAnswer, RawRequest } from './loopback';

export interface GateFixture {
  identity: RunningIdentityService;
  /** The demo reader's tokens, and the Cookie header their browser would send. */
  tokens: SignInTokens;
  cookie: string;
  build: FixtureBuild;
  server: http.Server;
  port: number;
  /** A raw request to the gate (`rawRequest`), its body also as text. */
  call(rawPath: string, request?: RawRequest): Promise<RawAnswer & { text: string }>;
  /** Closes the gate, removes the build and stops the identity service. */
  stop(): Promise<void>;
}

export interface GateFixtureOptions {
  /**
   * Runs once the build is written and before the gate reads it (files to change, a preview build
   * beside it); what it returns is added to the gate's options.
   */
  beforeServing?: (
    build: FixtureBuild,
    manifest: GateManifest,
  ) => Partial<GateServerOptions> | void | Promise<Partial<GateServerOptions> | void>;
  /** The gate's access log and fault reports; dropped unless given. */
  log?: (line: string) => void;
  reportFault?: (message: string) => void;
}

export async function startGateFixture(options: GateFixtureOptions = {}): Promise<GateFixture> {
  const identity = await startIdentityProcess();
  const tokens = await signInForTokens(identity.url);
  const manifest = fixtureManifest(localPoolAuth(identity.url));
  const build = writeFixtureBuild(manifest);
  const server = createGateServer({
    buildDir: build.buildDir,
    log: options.log ?? (() => {}),
    reportFault: options.reportFault ?? (() => {}),
    ...(await options.beforeServing?.(build, manifest)),
  });
  const port = await listenOnLoopback(server);
  return {
    identity,
    tokens,
    cookie: sessionCookieHeader(tokens),
    build,
    server,
    port,
    call: async (rawPath, request) => {
      const answer = await rawRequest(port, rawPath, request);
      return { ...answer, text: answer.body.toString('utf8') };
    },
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      build.remove();
      await identity.stop();
    },
  };
}
