/**
 * Canon rule: `partners/<slug>/<folder>/...` paths follow the SFTP layout drawn in system facts (a
 * lower snake case slug, the listed folders and subfolders) and SFTP buckets are the canon's.
 */
import type { Canon } from './docs-canon-facts';
import type { Finding } from './docs-finding';
import { lineAt } from './docs-finding';

/** Problems with `partners/<slug>/<folder>/...` paths and SFTP bucket names, anywhere in the page. */
export function sftpProblems(body: string, canon: Canon): Finding[] {
  const problems: Finding[] = [];
  const placeholder = (segment: string) => /^(<[^>]+>|\$\{[^}]+\}|slug)$/.test(segment);
  const folders = [...canon.sftpFolders.keys()].join(', ');
  for (const match of body.matchAll(/\bpartners\/([^/\s`"'()\]]+)\/(?:([^/\s`"'()\],]*)(?:\/([^/\s`"'()\],]*))?)?/g)) {
    const [path, slug, folder = '', sub = ''] = match;
    const found = (message: string) => problems.push({ rule: 'canon-sftp', line: lineAt(body, match.index), message });
    if (!placeholder(slug) && !/^[a-z][a-z0-9_]*$/.test(slug)) {
      found(`SFTP path "${path}": the partner slug is lower snake case`);
    }
    const subfolders = canon.sftpFolders.get(folder);
    // A lone `*` is an IAM or S3 wildcard for everything under the folder, not a folder name.
    const wildcard = sub === '*';
    if (folder && !subfolders) found(`SFTP path "${path}": a partner's folders are ${folders}`);
    else if (subfolders?.size && sub && !subfolders.has(sub) && !sub.includes('.') && !placeholder(sub) && !wildcard) {
      found(`SFTP path "${path}": ${folder}/ holds ${[...subfolders].join(', ')} and files`);
    }
  }
  for (const { 0: bucket, 1: environment, index } of body.matchAll(/\bsftp-exchange-([\w<>${}.-]*[\w>}])/g)) {
    if (!canon.sftpBuckets.has(bucket) && !/^(<env>|env|\$\{[^}]+\})$/.test(environment)) {
      problems.push({
        rule: 'canon-sftp',
        line: lineAt(body, index),
        message: `SFTP bucket "${bucket}" is not one of ${[...canon.sftpBuckets].join(', ')}`,
      });
    }
  }
  return problems;
}
