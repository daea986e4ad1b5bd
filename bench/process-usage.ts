/**
 * What a command costs: wall time, CPU time (user + system, its children included, from GNU
 * `time`) and peak memory (the resident memory of its whole process tree, summed, sampled every
 * 200 ms from /proc). Linux only: elsewhere CPU and memory are NaN.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Usage {
  seconds: number;
  cpuSeconds: number;
  peakBytes: number;
  /** The command's exit code, and the end of its output. */
  code: number | null;
  output: string;
}

const GNU_TIME = '/usr/bin/time';
const PAGE_BYTES = 4096;

/** Each live process's parent and resident bytes. */
function processTable(): Map<number, { parent: number; bytes: number }> {
  const table = new Map<number, { parent: number; bytes: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The fields after the command name, which may hold spaces: state (3), ppid (4), ... rss (24).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(entry), { parent: Number(fields[1]), bytes: Number(fields[21]) * PAGE_BYTES });
    } catch {
      // The process ended while being read.
    }
  }
  return table;
}

function treeOf(root: number, table: ReturnType<typeof processTable>): number[] {
  const tree = [root];
  for (let index = 0; index < tree.length; index += 1) {
    for (const [pid, { parent }] of table) if (parent === tree[index]) tree.push(pid);
  }
  return tree.filter((pid) => table.has(pid));
}

export interface RunOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Told of the child when it starts and ends, so the caller can stop it (its process group). */
  track?: (child: ChildProcess, running: boolean) => void;
  /** Report a failing command's code instead of throwing with its output. */
  allowFailure?: boolean;
}

/** Runs a command to its end in a process group of its own, measuring it. */
export async function runMeasured(
  command: string,
  args: string[],
  { cwd, env = {}, track = () => {}, allowFailure = false }: RunOptions,
): Promise<Usage> {
  const started = performance.now();
  const linux = existsSync('/proc') && existsSync(GNU_TIME);
  const timesDir = mkdtempSync(path.join(tmpdir(), 'bench-time-'));
  const timesFile = path.join(timesDir, 'times');
  const [program, programArgs] = linux
    ? [GNU_TIME, ['-f', '%U %S', '-o', timesFile, command, ...args]]
    : [command, args];
  const child = spawn(program, programArgs, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  track(child, true);
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let peakBytes = 0;
  const sample = () => {
    if (!linux || child.pid === undefined) return;
    const table = processTable();
    peakBytes = Math.max(
      peakBytes,
      treeOf(child.pid, table).reduce((sum, pid) => sum + (table.get(pid)?.bytes ?? 0), 0),
    );
  };
  const sampler = setInterval(sample, 200);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(sampler);
  track(child, false);
  const seconds = (performance.now() - started) / 1000;
  const timesText = linux && existsSync(timesFile) ? readFileSync(timesFile, 'utf8') : '';
  rmSync(timesDir, { recursive: true, force: true });
  if (code !== 0 && !allowFailure) {
    throw new Error(`${command} ${args.join(' ')} failed (${code}):\n${output.slice(-4000)}`);
  }
  const [user, system] = timesText ? timesText.trim().split(/\s+/).slice(-2).map(Number) : [NaN, NaN];
  return { seconds, cpuSeconds: user + system, peakBytes: linux ? peakBytes : NaN, code, output };
}
