/**
 * Canon rule: `partners/<slug>/<folder>/...` paths follow the SFTP layout drawn in system facts (a
 * lower snake case slug, the listed folders and subfolders) and SFTP buckets are the canon's.
 */
import type { Canon } from './docs-canon-facts';

/** Problems with `partners/<slug>/<folder>/...` paths and SFTP bucket names, anywhere in the page. */
export function sftpProblems(body: string, canon: Canon): string[] {
  const problems: string[] = [];
  const placeholder = (segment: string) => /^(<[^>]+>|\$\{[^}]+\}|slug)$/.test(segment);
  const folders = [...canon.sftpFolders.keys()].join(', ');
  for (const [path, slug, folder = '', sub = ''] of body.matchAll(
    /\bpartners\/([^/\s`"'()\]]+)\/(?:([^/\s`"'()\],]*)(?:\/([^/\s`"'()\],]*))?)?/g,
  )) {
    if (!placeholder(slug) && !/^[a-z][a-z0-9_]*$/.test(slug)) {
      problems.push(`SFTP path "${path}": the partner slug is lower snake case`);
    }
    const subfolders = canon.sftpFolders.get(folder);
    // A lone `*` is an IAM or S3 wildcard for everything under the folder, not a folder name.
    const wildcard = sub === '*';
    if (folder && !subfolders) problems.push(`SFTP path "${path}": a partner's folders are ${folders}`);
    else if (subfolders?.size && sub && !subfolders.has(sub) && !sub.includes('.') && !placeholder(sub) && !wildcard) {
      problems.push(`SFTP path "${path}": ${folder}/ holds ${[...subfolders].join(', ')} and files`);
    }
  }
  for (const [bucket, environment] of body.matchAll(/\bsftp-exchange-([\w<>${}.-]*[\w>}])/g)) {
    if (!canon.sftpBuckets.has(bucket) && !/^(<env>|env|\$\{[^}]+\})$/.test(environment)) {
      problems.push(`SFTP bucket "${bucket}" is not one of ${[...canon.sftpBuckets].join(', ')}`);
    }
  }
  return problems;
}
