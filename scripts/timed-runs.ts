/** npm scripts run one after another or side by side, each timed, for the summaries `npm test` ends with. */
import { spawn } from 'node:child_process';

export type Outcome = {
  name: string;
  /** The exit code, or the signal that ended it. */
  exit: number | string;
  minutes: string;
  /** What it printed, when held. */
  output: string;
};

/**
 * Runs an npm script; its output goes to the terminal, or is held and handed back when `hold`, so
 * two scripts side by side do not interleave theirs.
 */
export function runScript(script: string, { hold = false } = {}): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code, signal) =>
      resolve({
        name: `npm run ${script}`,
        exit: code ?? signal ?? 'unknown',
        minutes: ((performance.now() - started) / 60_000).toFixed(1),
        output: Buffer.concat(chunks).toString('utf8'),
      }),
    );
  });
}

export const passed = (outcome: Outcome) => outcome.exit === 0;

/** The summary's line for one outcome. */
export const outcomeLine = (outcome: Outcome) =>
  `  ${outcome.name}: ${passed(outcome) ? 'passed' : `FAILED (exit ${outcome.exit})`} in ${outcome.minutes} min`;
