/** Starts `serve-builds.ts` in a child process and returns the servers' origins. */
import path from 'node:path';
import { startChild } from './child-processes';
import type { Child } from './child-processes';

export type Servers<Name extends string> = { origins: Record<Name, string>; child: Child };

/**
 * `projectDir` is the copy whose gate code serves: the same snapshot of the source as its build.
 */
export async function startServers<Name extends string>(
  projectDir: string,
  builds: Record<Name, string>,
): Promise<Servers<Name>> {
  const child = startChild(
    'build servers',
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(projectDir, 'bench/serve-builds.ts'),
      ...Object.entries(builds).map(([name, dir]) => `${name}=${dir}`),
    ],
    { cwd: projectDir },
  );
  const ports = await new Promise<Record<string, number>>((resolve, reject) => {
    let text = '';
    child.process.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const line = text.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    void child.exited.then((code) => reject(new Error(`build servers exited (${code}):\n${child.output()}`)));
  });
  const origins = Object.fromEntries(
    Object.entries(ports).map(([name, port]) => [name, `http://127.0.0.1:${port}`]),
  ) as Record<Name, string>;
  return { origins, child };
}
