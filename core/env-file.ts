/**
 * The project's `.env`, which `.env.example` describes: read by every command (`npm start`,
 * `npm run build`, `npm run serve`, `npm run identity` and the test scripts) before anything reads
 * the environment, through `load-env.ts`. A variable already set in the environment wins over the
 * file, as with Node's `--env-file` ("the value from the environment takes precedence");
 * `process.loadEnvFile` (Node 20.12 and later) parses it. No file, nothing read.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Reads `<root>/.env` into process.env, keeping what is already set, and says on stderr which
 * variables it set (names only: the file may hold a pool's ids); their names. The root is the
 * current folder: npm runs every script in the project's root.
 */
export function loadEnvFile(root = process.cwd()): string[] {
  const file = path.join(root, '.env');
  if (!existsSync(file)) return [];
  const before = new Set(Object.keys(process.env));
  process.loadEnvFile(file);
  const set = Object.keys(process.env).filter((name) => !before.has(name));
  if (set.length) console.error(`Read from ${path.relative(process.cwd(), file) || file}: ${set.join(', ')}`);
  return set;
}
