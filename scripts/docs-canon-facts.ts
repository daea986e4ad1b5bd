/**
 * The facts of `docs/onboarding/system-facts.md` that other pages can be checked against
 * mechanically: job classes and their queues, declared Sidekiq queues, sidekiq-cron schedules and
 * their classes, ECS containers and how many a task runs, the SFTP layout, rake tasks, roles and
 * permissions, AWS CLI profiles, Slack channels and teams, severities and their response times,
 * events, Datadog dashboards, shared files, versions, ports, the database name, PagerDuty services and
 * the Rails and gem rake namespaces; and, from security and compliance, the retention schedule and the
 * Google Workspace drives its tools table allows PHI in. The rules that hold pages to them are run by
 * `scripts/docs-canon.ts`.
 */
import { codeSpans, JOB_NAME, periods } from './docs-canon-text';

/** One row of the retention schedule, with what a sentence names it by. */
interface RetentionRow {
  data: string;
  /** Its "Where it lives" cell, as written. */
  place: string;
  keptFor: string;
  /** The code span of its place and its enforcing job, where no other row has them. */
  names: string[];
  /** Its "Data" cell in lower case, without notes, and each part of a list in it. */
  phrases: string[];
  /** Its periods as "30 day", "6 year". */
  periods: string[];
}

export interface Canon {
  /** Declared Sidekiq queues. */
  queues: Set<string>;
  /** Fully qualified job class name to the queues it may use. */
  jobs: Map<string, Set<string>>;
  /** ECS service names; each task definition's application container carries its service's name. */
  services: Set<string>;
  /** The sidecar containers every task runs beside its application container. */
  sidecars: Set<string>;
  /** sidekiq-cron schedule key to its cron line, time zone included. */
  schedules: Map<string, string>;
  /** sidekiq-cron schedule key to the job class it runs. */
  scheduleClasses: Map<string, string>;
  /** Our own rake tasks, `namespace:task`. */
  rakeTasks: Set<string>;
  /** Rake namespaces of Rails and gems (`db`, `graphql`), whose tasks are not ours to list. */
  frameworkRakeNamespaces: Set<string>;
  /** Datadog handles of the PagerDuty services, `@pagerduty-platform-sev1`. */
  pagerDutyHandles: Set<string>;
  roles: Set<string>;
  permissions: Set<string>;
  /** Folders under `partners/<slug>/`, each with the subfolders the canon lists (none: any name). */
  sftpFolders: Map<string, Set<string>>;
  /** SFTP bucket names, one per environment. */
  sftpBuckets: Set<string>;
  /** AWS CLI profile names. */
  profiles: Set<string>;
  /** Slack channels, team channels included. */
  channels: Set<string>;
  /** Teams that own pages and modules. */
  teams: Set<string>;
  /** sidekiq-cron schedule key to its "When, in words" cell. */
  scheduleWords: Map<string, string>;
  /** SEV1, SEV2, SEV3 to minutes to acknowledge and the minutes at which PagerDuty escalates. */
  severities: Map<string, { acknowledge?: number; escalation: number[] }>;
  /** Event names: published, log and audit events, spans and metrics. */
  events: Set<string>;
  /** Datadog dashboard names. */
  dashboards: Set<string>;
  /** Repository paths of the files several pages point at. */
  files: string[];
  /** Software to the version we run, "3.3". */
  versions: Map<string, string>;
  /** Port number to the service that listens on it. */
  ports: Map<string, string>;
  /** PostgreSQL database names. */
  databases: Set<string>;
  /** The retention schedule's rows; empty when it is not given. */
  retention: RetentionRow[];
  /** The Google Workspace shared drives the tools table allows PHI in, by name; empty when not given. */
  phiDrives: Set<string>;
}

/** The body rows of the table whose first header cell is `firstHeader`, as trimmed cells. */
function tableRows(markdown: string, firstHeader: string): string[][] {
  const cells = (line: string) =>
    line
      .trim()
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim());
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith('|') && cells(line)[0] === firstHeader);
  if (start < 0) throw new Error(`system facts: no table headed "${firstHeader}"`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(cells(line));
  }
  if (rows.length === 0) throw new Error(`system facts: the table headed "${firstHeader}" is empty`);
  return rows;
}

/** The body rows of a table the canon may lack: a smaller canon, such as a test's, checks less. */
function optionalRows(markdown: string, firstHeader: string): string[][] {
  return markdown.split('\n').some((line) => line.startsWith(`| ${firstHeader} |`))
    ? tableRows(markdown, firstHeader)
    : [];
}

function minutes(cell: string): number[] {
  return [...cell.matchAll(/\b(\d+)(?= minutes\b|,| and\b|$)/g)].map((match) => Number(match[1]));
}

/** The rows of the retention schedule in `security-compliance.md`, the canon of how long data is kept. */
function readRetention(markdown: string): RetentionRow[] {
  const rows = tableRows(markdown, 'Data');
  const counts = new Map<string, number>();
  // The place's first name and the enforcing job; a database such as `RAW_PLATFORM` names no row.
  const ownSpans = (row: string[]) => [...codeSpans(row[1]).slice(0, 1), ...(row[3].match(JOB_NAME) ?? [])];
  for (const name of rows.flatMap(ownSpans)) counts.set(name, (counts.get(name) ?? 0) + 1);
  return rows.map((row) => ({
    data: row[0].replace(/\s*\(.*\)|\s*†/g, ''),
    place: row[1],
    keptFor: row[2],
    names: ownSpans(row).filter((name) => counts.get(name) === 1),
    // "Datadog indexed logs and APM traces" is named by either part.
    phrases: row[0]
      .replace(/\s*\(.*\)|\s*†/g, '')
      .toLowerCase()
      .split(/,\s*|\s+and\s+/),
    periods: periods(row[2]),
  }));
}

/** The quoted drive names in the "PHI allowed" cell of the tools table's Google Workspace row. */
function readPhiDrives(markdown: string): Set<string> {
  const workspace = optionalRows(markdown, 'Tool').find(([tool]) => tool.startsWith('Google Workspace'));
  return new Set([...(workspace?.[2] ?? '').matchAll(/"([^"]+)"/g)].map((match) => match[1]));
}

/**
 * The canon from system facts; with the security and compliance page, also its retention schedule,
 * which system facts leaves there.
 */
export function readCanon(markdown: string, retentionMarkdown?: string): Canon {
  const queues = new Set(tableRows(markdown, 'Queue').flatMap((row) => codeSpans(row[0])));
  const jobs = new Map<string, Set<string>>();
  for (const [name, queue] of tableRows(markdown, 'Job')) {
    jobs.set(codeSpans(name)[0], new Set(codeSpans(queue)));
  }
  const services = new Set(tableRows(markdown, 'Service and container').flatMap((row) => codeSpans(row[0])));
  const sidecars = new Set(tableRows(markdown, 'Sidecar container').flatMap((row) => codeSpans(row[0])));
  const scheduleRows = tableRows(markdown, 'Schedule key');
  const schedules = new Map(scheduleRows.map(([key, cron]) => [codeSpans(key)[0], codeSpans(cron)[0]]));
  const scheduleClasses = new Map(scheduleRows.map((row) => [codeSpans(row[0])[0], codeSpans(row[3] ?? '')[0]]));
  const firstSpans = (header: string) => new Set(tableRows(markdown, header).map(([cell]) => codeSpans(cell)[0]));
  const environmentRows = tableRows(markdown, 'Thing');
  // One profile per environment, and in production one more per time-limited permission set.
  const profileRows = environmentRows.filter(([thing]) => thing.startsWith('AWS CLI profile'));
  const profiles = new Set(profileRows.flatMap((row) => row.slice(1).flatMap(codeSpans)));
  const bucketRow = environmentRows.find(([thing]) => thing.startsWith('SFTP bucket'));
  const sftpBuckets = new Set(bucketRow?.slice(1).flatMap(codeSpans));
  const channels = new Set(
    [...tableRows(markdown, 'Channel'), ...tableRows(markdown, 'Team')].flatMap((row) =>
      row.flatMap(codeSpans).filter((name) => name.startsWith('#')),
    ),
  );
  const teams = new Set(tableRows(markdown, 'Team').map(([team]) => team));
  const severities = new Map(
    optionalRows(markdown, 'Severity').map(([severity, , acknowledge, escalation]) => [
      severity,
      { acknowledge: minutes(acknowledge)[0], escalation: minutes(escalation ?? '') },
    ]),
  );
  const databaseRow = environmentRows.find(([thing]) => thing.startsWith('Database name'));
  const plain = (cell: string) => cell.replace(/`/g, '');
  return {
    queues,
    jobs,
    services,
    sidecars,
    schedules,
    scheduleClasses,
    rakeTasks: firstSpans('Rake task'),
    frameworkRakeNamespaces: new Set(optionalRows(markdown, 'Rails or gem namespace').map(([cell]) => plain(cell))),
    pagerDutyHandles: new Set(optionalRows(markdown, 'PagerDuty service').flatMap((row) => codeSpans(row[1] ?? ''))),
    roles: firstSpans('Role'),
    permissions: firstSpans('Permission'),
    sftpFolders: sftpLayout(markdown),
    sftpBuckets,
    profiles,
    channels,
    teams,
    scheduleWords: new Map(scheduleRows.map((row) => [codeSpans(row[0])[0], row[2]])),
    severities,
    events: new Set(optionalRows(markdown, 'Event').map(([cell]) => codeSpans(cell)[0])),
    dashboards: new Set(optionalRows(markdown, 'Datadog dashboard').map(([name]) => plain(name))),
    files: optionalRows(markdown, 'File').map(([cell]) => codeSpans(cell)[0]),
    versions: new Map(optionalRows(markdown, 'Software').map(([software, version]) => [software, plain(version)])),
    ports: new Map(optionalRows(markdown, 'Port').map(([port, service]) => [plain(port), plain(service)])),
    databases: new Set(databaseRow?.slice(1).flatMap(codeSpans)),
    retention: retentionMarkdown ? readRetention(retentionMarkdown) : [],
    phiDrives: retentionMarkdown ? readPhiDrives(retentionMarkdown) : new Set(),
  };
}

/**
 * The folders under `partners/<slug>/` in the canon's drawing of the SFTP bucket: the lines indented
 * one step below it, and the subfolders indented one step below each of those.
 */
function sftpLayout(markdown: string): Map<string, Set<string>> {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => /^\s*partners\/<slug>\/\s*$/.test(line));
  if (start < 0) throw new Error('system facts: no drawing of partners/<slug>/ in the SFTP section');
  const indent = (line: string) => line.length - line.trimStart().length;
  const base = indent(lines[start]);
  const folders = new Map<string, Set<string>>();
  let folder: Set<string> | undefined;
  for (const line of lines.slice(start + 1)) {
    const name = /^\s*([a-z_]+)\//.exec(line)?.[1];
    if (!name || indent(line) <= base) break;
    if (indent(line) === base + 2) folders.set(name, (folder = new Set()));
    else folder?.add(name);
  }
  return folders;
}

/** The canon's job names that a name in a page may refer to: exact, or by its last segment. */
export function resolveJob(name: string, canon: Canon): string[] {
  if (canon.jobs.has(name)) return [name];
  if (name.includes('::')) return [];
  return [...canon.jobs.keys()].filter((job) => job.endsWith(`::${name}`));
}
