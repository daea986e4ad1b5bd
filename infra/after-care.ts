/**
 * What runs once a new build is live (after a deploy or a rollback), each part required.
 */
import type { HandbookCloud, SiteOutputs } from './cloud-port';
import type { ReadersSee } from './deploy-failure';
import type { LiveRecord } from './deploy-plan';

/** The build is live, but part of what watches over it is not in place. */
export class AfterCareError extends Error implements ReadersSee {
  readonly readersSee =
    'The new build is live and every page of it is served; only what watches over it is incomplete.';

  constructor(readonly missing: { part: string; cause: string }[]) {
    super(
      [
        'The new build is live, but these are not in place:',
        ...missing.map(({ part, cause }) => `  - ${part}: ${cause}`),
        'Fix the cause and run the command again: it deploys nothing new and puts them in place.',
      ].join('\n'),
    );
    this.name = 'AfterCareError';
  }
}

/**
 * What runs once the new build is live: the access log and alarms, the edge logs' retention and
 * key-drift alarm, and pruning old function versions. Each is attempted; if any fails the command
 * fails, naming what is missing (an audit expects the access log and the alarms to exist, not a
 * warning that they do not).
 */
export async function afterCare(
  cloud: HandbookCloud,
  site: SiteOutputs,
  record: LiveRecord,
  edgeDir: string,
): Promise<void> {
  const steps: [string, () => Promise<void>][] = [
    ['the access log and alarms (operations stack)', () => cloud.deployOperations(site, edgeDir)],
    ['edge log retention and the key-drift alarm', () => cloud.setEdgeLogRetention(site, record.edgeVersions ?? {})],
    [
      'pruning old edge function versions',
      () =>
        cloud.pruneEdgeVersions([
          ...Object.values(record.edgeVersions ?? {}),
          ...Object.values(record.previous?.edgeVersions ?? {}),
        ]),
    ],
  ];
  const missing: { part: string; cause: string }[] = [];
  for (const [part, run] of steps) {
    try {
      await run();
    } catch (error) {
      missing.push({ part, cause: (error as Error).message });
    }
  }
  if (missing.length) throw new AfterCareError(missing);
}
