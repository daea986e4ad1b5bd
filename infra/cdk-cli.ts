/**
 * The two programs the deploy runs rather than calls: the CDK CLI (`cdk deploy`, which acts through
 * CloudFormation and the bootstrap roles) and `docusaurus build`. Both inherit the terminal, so their
 * progress shows as they print it.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..');
const OUTPUTS_FILE = path.join(ROOT, 'dist', 'cdk-outputs.json');

export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

/** `cdk deploy <stack>` with the context given; returns the stack's outputs (`--outputs-file`). */
export async function cdkDeploy(stackName: string, context: Record<string, string>): Promise<Record<string, string>> {
  await run(bin('cdk'), [
    'deploy',
    stackName,
    '--require-approval',
    'never',
    '--outputs-file',
    OUTPUTS_FILE,
    ...Object.entries(context).flatMap(([key, value]) => ['--context', `${key}=${value}`]),
  ]);
  const outputs = (JSON.parse(readFileSync(OUTPUTS_FILE, 'utf8')) as Record<string, Record<string, string>>)[stackName];
  if (!outputs) throw new Error(`cdk deploy ${stackName} wrote no outputs for it to ${OUTPUTS_FILE}`);
  return outputs;
}

/** `docusaurus build` with `env` added; returns the build folder. */
export async function buildSite(env: Record<string, string>): Promise<string> {
  await run(bin('docusaurus'), ['build'], { ...process.env, ...env });
  return path.join(ROOT, 'build');
}
