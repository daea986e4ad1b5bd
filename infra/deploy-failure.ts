/**
 * What readers get when `npm run deploy` or `npm run rollback` fails: each step of the deploy
 * (deploy-flow.ts) runs through `step`, which names the step and what the live site is meanwhile,
 * as the deploy order guarantees it at that point.
 */

/** A failure that says what readers get meanwhile; the CI run's summary repeats it (run-summary.ts). */
export interface ReadersSee {
  readonly readersSee: string;
}

export function readersSeeOf(error: unknown): string | null {
  const said = (error as Partial<ReadersSee> | null)?.readersSee;
  return typeof said === 'string' ? said : null;
}

/** Where a failed run stopped, and what the live site is meanwhile. */
export class DeployStepError extends Error implements ReadersSee {
  readonly readersSee: string;

  constructor(
    readonly step: string,
    liveSite: string,
    cause: unknown,
  ) {
    super(
      [
        `The deploy failed while ${step}: ${(cause as Error)?.message ?? cause}`,
        liveSite,
        'Fix the cause and run `npm run deploy` again: it resumes, uploading only what is still missing.',
      ].join('\n'),
      { cause },
    );
    this.readersSee = liveSite;
    this.name = 'DeployStepError';
  }
}

export const UNCHANGED =
  'The live site is as it was: nothing it serves was changed (new files were only added beside it).';
export const SWITCHED =
  'The new edge functions are live and accept both builds; pages are partly the new build, partly the live one, and every one of them is served.';

export const PUBLISHED = 'The new build is live; some files it no longer has are still in the bucket.';
export const CACHED =
  'The new build is live in the bucket; edge locations that cached a page of the previous build may serve it for up to an hour.';

export async function step<T>(name: string, liveSite: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new DeployStepError(name, liveSite, error);
  }
}
