/**
 * Runs a command on a Node that `engines` in package.json supports (22.19 or newer), so that
 * `npm test` and `npm run bench` run on a supported LTS line on any machine:
 *   tsx scripts/supported-node.ts npm run test:all
 * On a supported Node it runs the command as it is. On an older one (these machines ship Node 20,
 * out of support since 2026-04-30) it takes Node 22 from the npm registry, where the `node` package
 * carries the binary (`npx node@22`, no download from anywhere else), and runs the command with
 * that Node first on PATH, so npm and every script under it run there.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

/** The lowest Node `engines` names: `>=22.19` reads as `22.19.0`. */
export function lowestSupportedNode(engines: string): string {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(engines.trim());
  if (!match) throw new Error(`package.json engines.node must read ">=<version>", not "${engines}"`);
  return [match[1], match[2] ?? '0', match[3] ?? '0'].join('.');
}

/** Whether `version` (as in `process.versions.node`) is `minimum` or newer. */
export function meetsMinimum(version: string, minimum: string): boolean {
  const have = version.split('.').map(Number);
  const need = minimum.split('.').map(Number);
  for (let part = 0; part < need.length; part += 1) {
    if ((have[part] ?? 0) !== need[part]) return (have[part] ?? 0) > need[part];
  }
  return true;
}

export const SUPPORTED_NODE = lowestSupportedNode(
  (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node,
);

/** The major line taken from the registry when this Node is too old: the lowest supported one. */
const REGISTRY_NODE = `node@${SUPPORTED_NODE.split('.')[0]}`;

/** The path of a supported Node binary from the npm registry; throws naming what went wrong. */
function registryNode(): string {
  const printed = execFileSync('npx', ['--yes', REGISTRY_NODE, '-p', 'process.execPath + " " + process.version'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
  const [binary, version] = printed.split(' ');
  if (!binary || !version || !meetsMinimum(version.replace(/^v/, ''), SUPPORTED_NODE)) {
    throw new Error(`npx ${REGISTRY_NODE} gave "${printed}", not a Node ${SUPPORTED_NODE} or newer`);
  }
  return binary;
}

if (require.main === module) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) throw new Error('usage: tsx scripts/supported-node.ts <command> [args...]');
  const env = { ...process.env };
  if (!meetsMinimum(process.versions.node, SUPPORTED_NODE)) {
    const binary = registryNode();
    console.error(
      `Node ${process.versions.node} is below the supported ${SUPPORTED_NODE}: running "${[command, ...args].join(' ')}" on ${binary}`,
    );
    env.PATH = `${path.dirname(binary)}${path.delimiter}${env.PATH ?? ''}`;
  }
  const run = spawnSync(command, args, { cwd: process.cwd(), env, stdio: 'inherit' });
  if (run.error) throw run.error;
  process.exit(run.status ?? 1);
}
