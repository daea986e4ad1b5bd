import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { projectDir } from './run-build';

const fixtureDocs = path.join(__dirname, 'fixture-docs');
const sites: string[] = [];

after(() => sites.forEach((site) => rmSync(site, { recursive: true, force: true })));

/**
 * A site with the project's config (site and sign-in), sidebars, theme and static files, and the
 * fixture docs, each edit appended to its page; removed when the test file ends.
 */
export function fixtureSite(edits: { file: string; append: string }[] = []): string {
  const site = mkdtempSync(path.join(tmpdir(), 'handbook-links-'));
  sites.push(site);
  for (const shared of ['node_modules', 'src', 'static', 'core', 'identity', 'gate', 'plugins', 'package.json']) {
    symlinkSync(path.join(projectDir, shared), path.join(site, shared));
  }
  for (const file of ['docusaurus.config.ts', 'sidebars.ts', 'tsconfig.json']) {
    cpSync(path.join(projectDir, file), path.join(site, file));
  }
  cpSync(fixtureDocs, path.join(site, 'docs'), { recursive: true });
  for (const edit of edits) {
    const file = path.join(site, 'docs', edit.file);
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n${edit.append}\n`);
  }
  return site;
}
