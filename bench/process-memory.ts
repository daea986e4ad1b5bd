/** Resident memory of a process and all its descendants, read from /proc (Linux only). */
import { readdirSync, readFileSync } from 'node:fs';

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null; // the process ended between listing and reading
  }
}

/** Parent of every live process. The command name in /proc/<pid>/stat may hold spaces and parentheses. */
function parentsByPid(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readOrNull(`/proc/${entry}/stat`);
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    parents.set(Number(entry), Number(fields[1]));
  }
  return parents;
}

export function treeRssBytes(rootPid: number): number {
  const parents = parentsByPid();
  const inTree = new Set([rootPid]);
  // Parents can have larger pids than children after pid wrap-around: repeat until stable.
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (!inTree.has(pid) && inTree.has(parent)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  let total = 0;
  for (const pid of inTree) {
    // VmRSS is in kB whatever the page size; kernel threads have none.
    const rss = /^VmRSS:\s+(\d+) kB/m.exec(readOrNull(`/proc/${pid}/status`) ?? '');
    if (rss) total += Number(rss[1]) * 1024;
  }
  return total;
}

/** Samples the tree every `intervalMs`; `stop()` returns the largest sum seen. */
export function samplePeakRss(rootPid: number, intervalMs = 100): { stop(): number } {
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, treeRssBytes(rootPid));
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}
