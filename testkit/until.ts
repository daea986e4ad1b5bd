/**
 * Resolves once `condition` holds, asking again every `everyMs`; once `withinMs` have passed without
 * it, rejects with what `failure` says. For a test that waits on something it cannot subscribe to.
 */
export async function until(
  condition: () => boolean | Promise<boolean>,
  { withinMs, everyMs = 20, failure }: { withinMs: number; everyMs?: number; failure: () => string | Promise<string> },
): Promise<void> {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > withinMs) throw new Error(await failure());
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
