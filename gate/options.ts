/** The command line of `npm run serve`, checked before anything listens. */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isPullRequestNumber } from '../core/preview';
import { trustedProxies, TrustedProxyError } from './client-address';
import type { TrustedProxies } from './client-address';

export class ServeOptionError extends Error {}

interface ServeOptions {
  port: number;
  host: string;
  buildDir: string;
  /** Do not start the local identity service for a local-mode build (the caller runs one). */
  withoutIdentity: boolean;
  /**
   * The TLS-terminating proxies in front (addresses or CIDR ranges) whose `X-Forwarded-Proto` and
   * `X-Forwarded-For` are believed, on their own connections only.
   */
  trustedProxies: TrustedProxies;
  /**
   * Requests a second one client address may make (bursts of four times as many); unset, the
   * server's default. An office behind one address may need more.
   */
  requestsPerSecond?: number;
  /** Preview builds served under `/previews/<N>/` beside the build (`--preview N=dir`, repeatable). */
  previews: { pullRequest: number; buildDir: string }[];
  /**
   * Where the previews are served, on an origin of their own: a port (`--preview-port`, default
   * the next one) and a host name other than production's (`--preview-host`), since browsers keep
   * cookies by host name, not by port ("HTTP State Management Mechanism", RFC 6265 §8.5).
   */
  previewOrigin: { port: number; host: string };
  /** Connections one client address may hold; unset, the server's default (64). */
  connectionsPerAddress?: number;
}

const USAGE =
  'Usage: npm run serve -- [--port 3000] [--host 127.0.0.1] [--dir build] [--without-identity] [--trust-proxy <address or range>,...] [--requests-per-second 100] [--connections-per-address 64] [--preview 42=build-preview [--preview-port 3001] [--preview-host localhost]]';

/** The other loopback name of a loopback host: the previews' host when production has this one. */
function otherLoopbackName(host: string): string | null {
  if (host === '127.0.0.1' || host === '::1') return 'localhost';
  if (host === 'localhost') return '127.0.0.1';
  return null;
}

/** A whole number of at least 1 from `--<name>`, or undefined when the option is absent. */
function countOption(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1) {
    throw new ServeOptionError(`--${name} is "${text}": it must be a whole number of at least 1`);
  }
  return Number(text);
}

export function serveOptionsFrom(argv: string[], env: Record<string, string | undefined>): ServeOptions {
  let values: {
    port?: string;
    host?: string;
    dir?: string;
    'without-identity'?: boolean;
    'trust-proxy'?: string[];
    'requests-per-second'?: string;
    preview?: string[];
    'preview-port'?: string;
    'preview-host'?: string;
    'connections-per-address'?: string;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        dir: { type: 'string' },
        'without-identity': { type: 'boolean' },
        'trust-proxy': { type: 'string', multiple: true },
        'requests-per-second': { type: 'string' },
        preview: { type: 'string', multiple: true },
        'preview-port': { type: 'string' },
        'preview-host': { type: 'string' },
        'connections-per-address': { type: 'string' },
      },
    }));
  } catch (error) {
    throw new ServeOptionError(`${(error as Error).message}. ${USAGE}`);
  }
  const portText = values.port ?? env.PORT ?? '3000';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) {
    throw new ServeOptionError(`--port (or PORT) is "${portText}": it must be a port number from 1 to 65535`);
  }
  const requestsPerSecond = countOption('requests-per-second', values['requests-per-second']);
  const connectionsPerAddress = countOption('connections-per-address', values['connections-per-address']);
  let proxies: TrustedProxies;
  try {
    proxies = trustedProxies(values['trust-proxy'] ?? []);
  } catch (error) {
    if (error instanceof TrustedProxyError) throw new ServeOptionError(error.message);
    throw error;
  }
  const previews = (values.preview ?? []).map((value) => {
    const [number, dir] = [value.slice(0, value.indexOf('=')), value.slice(value.indexOf('=') + 1)];
    if (!value.includes('=') || !isPullRequestNumber(number) || !dir) {
      throw new ServeOptionError(
        `--preview is "${value}": it must be <pull request number>=<build folder>, e.g. 42=build-preview`,
      );
    }
    return { pullRequest: Number(number), buildDir: path.resolve(dir) };
  });
  const host = values.host ?? env.HOST ?? '127.0.0.1';
  const previewPortText = values['preview-port'] ?? String(port + 1);
  const previewPort = Number(previewPortText);
  if (!/^\d+$/.test(previewPortText) || previewPort < 1 || previewPort > 65535 || previewPort === port) {
    throw new ServeOptionError(
      `--preview-port is "${previewPortText}": it must be a port number from 1 to 65535 other than --port`,
    );
  }
  const previewHost = values['preview-host'] ?? otherLoopbackName(host);
  if (previews.length && (!previewHost || previewHost === host)) {
    throw new ServeOptionError(
      `--preview-host is needed: previews are served under a host name other than production's (${host}), or a preview's script would read production's cookies`,
    );
  }
  return {
    port,
    previews,
    previewOrigin: { port: previewPort, host: previewHost ?? '' },
    host,
    buildDir: path.resolve(values.dir ?? 'build'),
    withoutIdentity: values['without-identity'] ?? false,
    trustedProxies: proxies,
    ...(requestsPerSecond === undefined ? {} : { requestsPerSecond }),
    ...(connectionsPerAddress === undefined ? {} : { connectionsPerAddress }),
  };
}
