/** The command line of `npm run serve`, checked before anything listens. */
import path from 'node:path';
import { parseArgs } from 'node:util';

export class ServeOptionError extends Error {}

interface ServeOptions {
  port: number;
  host: string;
  buildDir: string;
  /** Do not start the local identity service for a local-mode build (the caller runs one). */
  withoutIdentity: boolean;
  /** Behind a TLS-terminating proxy: believe its `X-Forwarded-Proto` (HSTS is sent over https). */
  trustProxy: boolean;
  /**
   * Requests a second one client address may make (bursts of four times as many); unset, the
   * server's default. An office behind one address may need more.
   */
  requestsPerSecond?: number;
}

const USAGE =
  'Usage: npm run serve -- [--port 3000] [--host 127.0.0.1] [--dir build] [--without-identity] [--trust-proxy] [--requests-per-second 100]';

export function serveOptionsFrom(argv: string[], env: Record<string, string | undefined>): ServeOptions {
  let values: {
    port?: string;
    host?: string;
    dir?: string;
    'without-identity'?: boolean;
    'trust-proxy'?: boolean;
    'requests-per-second'?: string;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        dir: { type: 'string' },
        'without-identity': { type: 'boolean' },
        'trust-proxy': { type: 'boolean' },
        'requests-per-second': { type: 'string' },
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
  const rateText = values['requests-per-second'];
  if (rateText !== undefined && (!/^\d+$/.test(rateText) || Number(rateText) < 1)) {
    throw new ServeOptionError(`--requests-per-second is "${rateText}": it must be a whole number of at least 1`);
  }
  return {
    port,
    host: values.host ?? env.HOST ?? '127.0.0.1',
    buildDir: path.resolve(values.dir ?? 'build'),
    withoutIdentity: values['without-identity'] ?? false,
    trustProxy: values['trust-proxy'] ?? false,
    ...(rateText === undefined ? {} : { requestsPerSecond: Number(rateText) }),
  };
}
