/**
 * Canon rule: every place a page keeps data in, a Google Workspace drive or an S3 bucket, is a row of
 * the retention schedule, and a drive is one the tools table allows PHI in. A page that stores a
 * list of patients in a drive nobody set a period for (or one that deletes it too early) is how a
 * breach list came to sit in a 30-day drive.
 */
import type { Canon } from './docs-canon-facts';
import { codeSpans } from './docs-canon-text';
import type { Finding } from './docs-finding';
import { lineAt, once } from './docs-finding';

interface Named {
  name: string;
  line: number;
}

/** A bucket's name with its environment as the canon writes it: `sftp-exchange-production` is `sftp-exchange-<env>`. */
const anyEnvironment = (bucket: string) => bucket.replace(/-(?:production|staging|<env>)$/, '-<env>');

/** Drives named `"PHI exports" drive`, `"Incident records" shared drive` or `the compliance Google Drive`. */
function namedBy(body: string, pattern: RegExp): Named[] {
  return [...body.matchAll(pattern)].map((match) => ({ name: match[1], line: lineAt(body, match.index) }));
}

function drivesNamed(body: string): Named[] {
  const quoted = namedBy(body, /"([^"\n]+)"\s+(?:shared\s+)?drive\b/gi);
  // "the compliance Google Drive": the one word before "Google Drive" names it.
  const unquoted = namedBy(body, /\b([a-z][\w-]*)\s+Google\s+Drive\b/g);
  return [...quoted, ...unquoted];
}

/** Buckets named `s3://name`, "`name` bucket" or "bucket `name`". */
function bucketsNamed(body: string): Named[] {
  const patterns = [/s3:\/\/([a-z0-9<>.-]+)/g, /`([a-z0-9<>.-]+)`\s+bucket\b/g, /\bbucket\s+`([a-z0-9<>.-]+)`/g];
  return patterns.flatMap((pattern) => namedBy(body, pattern));
}

export function phiPlaceProblems(body: string, canon: Canon): Finding[] {
  // A smaller canon without the retention schedule (a test's) does not hold this rule.
  if (canon.retention.length === 0) return [];
  const problems: Finding[] = [];
  const found = (line: number, message: string) => problems.push({ rule: 'canon-phi-places', line, message });
  for (const { name: drive, line } of drivesNamed(body)) {
    if (!canon.phiDrives.has(drive)) {
      found(line, `drive "${drive}" is not a drive the tools table of security and compliance allows PHI in`);
    }
    if (!canon.retention.some((row) => row.place.includes(`"${drive}"`))) {
      found(line, `drive "${drive}" is not the place of a row of the retention schedule`);
    }
  }
  const placedBuckets = new Set(canon.retention.flatMap((row) => codeSpans(row.place).map(anyEnvironment)));
  // The SFTP bucket, under any name of its stem, is judged by `docs-canon-sftp.ts`, once.
  const sftpStems = [...canon.sftpBuckets].map((bucket) => bucket.replace(/-[^-]+$/, '-'));
  for (const { name: bucket, line } of bucketsNamed(body)) {
    if (sftpStems.some((stem) => bucket.startsWith(stem))) continue;
    if (!placedBuckets.has(anyEnvironment(bucket))) {
      found(line, `bucket "${bucket}" is not the place of a row of the retention schedule`);
    }
  }
  return once(problems);
}
