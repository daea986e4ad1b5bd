/** The command line of `npm run serve`, checked before anything listens. */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isPullRequestNumber } from '../core/preview';

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
  /** Preview builds served under `/previews/<N>/` beside the build (`--preview N=dir`, repeatable). */
  previews: { pullRequest: number; buildDir: string }[];
}

const USAGE =
  'Usage: npm run serve -- [--port 3000] [--host 127.0.0.1] [--dir build] [--without-identity] [--trust-proxy] [--requests-per-second 100] [--preview 42=build-preview]';

export function serveOptionsFrom(argv: string[], env: Record<string, string | undefined>): ServeOptions {
  let values: {
    port?: string;
    host?: string;
    dir?: string;
    'without-identity'?: boolean;
    'trust-proxy'?: boolean;
    'requests-per-second'?: string;
    preview?: string[];
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
        preview: { type: 'string', multiple: true },
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
  const previews = (values.preview ?? []).map((value) => {
    const [number, dir] = [value.slice(0, value.indexOf('=')), value.slice(value.indexOf('=') + 1)];
    if (!value.includes('=') || !isPullRequestNumber(number) || !dir) {
      throw new ServeOptionError(
        `--preview is "${value}": it must be <pull request number>=<build folder>, e.g. 42=build-preview`,
      );
    }
    return { pullRequest: Number(number), buildDir: path.resolve(dir) };
  });
  return {
    port,
    previews,
    host: values.host ?? env.HOST ?? '127.0.0.1',
    buildDir: path.resolve(values.dir ?? 'build'),
    withoutIdentity: values['without-identity'] ?? false,
    trustProxy: values['trust-proxy'] ?? false,
    ...(rateText === undefined ? {} : { requestsPerSecond: Number(rateText) }),
  };
}
