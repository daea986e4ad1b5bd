/** Child processes in their own process group, so stopping one stops everything it started. */
import { spawn } from 'node:child_process';
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { onCleanup } from './cleanup';

export interface Child {
  process: ChildProcess;
  /** stdout and stderr so far, for error messages. */
  output(): string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

export function startChild(label: string, command: string, args: string[], options: SpawnOptions = {}): Child {
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    // Enough for a build's error, not its whole log.
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      exitCode = code;
      resolve(code);
    });
    child.once('error', (error) => {
      keep(Buffer.from(String(error)));
      exitCode = -1;
      resolve(-1);
    });
  });
  const stop = async () => {
    if (exitCode !== undefined) return;
    killGroup(child.pid, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
    // Grandchildren that outlived their parent (SSG workers, Chromium helpers).
    killGroup(child.pid, 'SIGKILL');
  };
  const undo = onCleanup(label, stop);
  // A child that ends on its own takes any leftovers of its group with it.
  void exited.then(() => killGroup(child.pid, 'SIGKILL'));
  return {
    process: child,
    output: () => output,
    exited,
    stop: async () => {
      await undo();
    },
  };
}

/** Polls `url` until it answers 2xx, the child exits, or time runs out. */
export async function waitForUrl(child: Child, url: string, timeoutMs: number, label: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void child.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${label} exited before ${url} answered:\n${child.output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${label}: ${url} did not answer within ${timeoutMs / 1000} s:\n${child.output()}`);
}
