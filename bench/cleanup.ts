/**
 * What the bench leaves behind (temp folders, child processes, browsers) is undone in reverse
 * order when it ends, fails or is interrupted.
 */
type Undo = () => void | Promise<void>;

const undos: { label: string; undo: Undo }[] = [];

export function onCleanup(label: string, undo: Undo): () => void {
  const entry = { label, undo };
  undos.push(entry);
  // The returned function undoes it now, and only once.
  return () => {
    const index = undos.indexOf(entry);
    if (index !== -1) undos.splice(index, 1);
    return entry.undo();
  };
}

let cleaningUp = false;

/** True once the bench is being torn down: a child that ends now was stopped, not finished. */
export function isCleaningUp(): boolean {
  return cleaningUp;
}

export async function cleanUpAll(): Promise<void> {
  cleaningUp = true;
  while (undos.length) {
    const { label, undo } = undos.pop()!;
    try {
      await undo();
    } catch (error) {
      console.error(`cleanup of ${label} failed: ${(error as Error).message}`);
    }
  }
}

/** Ctrl-C or a kill still removes the temp folders and stops the children. */
export function cleanUpOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: cleaning up`);
      void cleanUpAll().finally(() => process.exit(130));
    });
  }
}
