/**
 * Canon rule: every place a page keeps data in, a Google Workspace drive or an S3 bucket, is a row of
 * the retention schedule, and a drive is one the tools table allows PHI in. A page that stores a
 * list of patients in a drive nobody set a period for (or one that deletes it too early) is how a
 * breach list came to sit in a 30-day drive.
 */
import type { Canon } from './docs-canon-facts';
import { codeSpans } from './docs-canon-text';

/** A bucket's name with its environment as the canon writes it: `sftp-exchange-production` is `sftp-exchange-<env>`. */
const anyEnvironment = (bucket: string) => bucket.replace(/-(?:production|staging|<env>)$/, '-<env>');

/** Drives named `"PHI exports" drive`, `"Incident records" shared drive` or `the compliance Google Drive`. */
function drivesNamed(body: string): string[] {
  const quoted = [...body.matchAll(/"([^"\n]+)"\s+(?:shared\s+)?drive\b/gi)].map((match) => match[1]);
  // "the compliance Google Drive": the one word before "Google Drive" names it.
  const unquoted = [...body.matchAll(/\b([a-z][\w-]*)\s+Google\s+Drive\b/g)].map((match) => match[1]);
  return [...quoted, ...unquoted];
}

/** Buckets named `s3://name`, "`name` bucket" or "bucket `name`". */
function bucketsNamed(body: string): string[] {
  const patterns = [/s3:\/\/([a-z0-9<>.-]+)/g, /`([a-z0-9<>.-]+)`\s+bucket\b/g, /\bbucket\s+`([a-z0-9<>.-]+)`/g];
  return patterns.flatMap((pattern) => [...body.matchAll(pattern)].map((match) => match[1]));
}

export function phiPlaceProblems(body: string, canon: Canon): string[] {
  // A smaller canon without the retention schedule (a test's) does not hold this rule.
  if (canon.retention.length === 0) return [];
  const problems = new Set<string>();
  for (const drive of drivesNamed(body)) {
    if (!canon.phiDrives.has(drive)) {
      problems.add(`drive "${drive}" is not a drive the tools table of security and compliance allows PHI in`);
    }
    if (!canon.retention.some((row) => row.place.includes(`"${drive}"`))) {
      problems.add(`drive "${drive}" is not the place of a row of the retention schedule`);
    }
  }
  const placedBuckets = new Set(canon.retention.flatMap((row) => codeSpans(row.place).map(anyEnvironment)));
  // The SFTP bucket, under any name of its stem, is judged by `docs-canon-sftp.ts`, once.
  const sftpStems = [...canon.sftpBuckets].map((bucket) => bucket.replace(/-[^-]+$/, '-'));
  for (const bucket of bucketsNamed(body)) {
    if (sftpStems.some((stem) => bucket.startsWith(stem))) continue;
    if (!placedBuckets.has(anyEnvironment(bucket))) {
      problems.add(`bucket "${bucket}" is not the place of a row of the retention schedule`);
    }
  }
  return [...problems];
}
