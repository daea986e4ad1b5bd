/**
 * The project's `.env`, which `.env.example` describes: read by `npm start`, `npm run build` and
 * `npm run serve` before anything reads the environment. A variable already set in the
 * environment wins over the file, as with Node's `--env-file` ("the value from the environment
 * takes precedence"); `process.loadEnvFile` (Node 20.12 and later) parses it. No file, nothing read.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Reads `<root>/.env` into process.env, keeping what is already set, and says on stderr which
 * variables it set (names only: the file may hold a pool's ids); their names.
 */
export function loadEnvFile(root = path.resolve(__dirname, '..')): string[] {
  const file = path.join(root, '.env');
  if (!existsSync(file)) return [];
  const before = new Set(Object.keys(process.env));
  process.loadEnvFile(file);
  const set = Object.keys(process.env).filter((name) => !before.has(name));
  if (set.length) console.error(`Read from ${path.relative(process.cwd(), file) || file}: ${set.join(', ')}`);
  return set;
}
