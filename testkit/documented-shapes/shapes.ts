/**
 * Payloads AWS and GitHub send, copied from their documentation, one JSON file each in this folder.
 * Every file names the page (and section) it comes from in `documentation`, and says in `copied`
 * what was taken as printed and what was filled in; tests of the adapters, and of the fakes that
 * stand in for AWS and GitHub, read them from here so both are held to the documented shape.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const SHAPES_DIR = __dirname;

export interface DocumentationPage {
  title: string;
  url: string;
  sections?: string[];
}

export interface DocumentedShape {
  documentation: DocumentationPage[];
  copied: string;
}

/** The providers' own documentation sites: a fixture cites one of them, not a blog or a fake. */
const DOCUMENTATION_SITES = /^https:\/\/(docs\.github\.com|docs\.aws\.amazon\.com)\//;

/** Why a fixture does not name its page, or null when it does. */
export function citationProblem(shape: Partial<DocumentedShape>): string | null {
  if (!Array.isArray(shape.documentation) || shape.documentation.length === 0) return 'names no documentation page';
  const unnamed = shape.documentation.find((page) => !page.title || !DOCUMENTATION_SITES.test(page.url ?? ''));
  if (unnamed) return `cites ${JSON.stringify(unnamed)}, not a titled page of docs.github.com or docs.aws.amazon.com`;
  if (typeof shape.copied !== 'string' || !shape.copied) return 'does not say what was copied from the page';
  return null;
}

/** The fixture `name` (`name.json` here), refused if it does not name its page. */
export function documentedShape<T extends object>(name: string): DocumentedShape & T {
  const file = path.join(SHAPES_DIR, `${name}.json`);
  const shape = JSON.parse(readFileSync(file, 'utf8')) as DocumentedShape & T;
  const problem = citationProblem(shape);
  if (problem) throw new Error(`${file} ${problem}`);
  return shape;
}

export const shapeNames = () =>
  readdirSync(SHAPES_DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''));
