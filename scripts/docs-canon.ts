/**
 * The facts of `docs/onboarding/system-facts.md` that other pages can be checked against
 * mechanically: job classes and their queues, declared Sidekiq queues, sidekiq-cron schedules and
 * their classes, ECS containers and how many a task runs, the SFTP layout, rake tasks, roles and
 * permissions, AWS CLI profiles, Slack channels and teams, severities and their response times,
 * events, Datadog dashboards, shared files, versions, ports and the database name; and the retention
 * schedule of security and compliance. Used by `npm run check:docs` and the unit tests.
 */
import { fencedBlocks, withoutCodeBlocks } from './docs-code';
import { codeSpans, JOB_NAME, NOT_JOBS, periods, proseFactProblems, resolveJob } from './docs-canon-prose';

/** One row of the retention schedule, with what a sentence names it by. */
interface RetentionRow {
  data: string;
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
  const profileRow = environmentRows.find(([thing]) => thing.startsWith('AWS CLI profile'));
  const profiles = new Set(profileRow?.slice(1).flatMap(codeSpans));
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

interface QueueUse {
  job: string;
  queue: string;
}

/** `class XJob ... sidekiq_options queue: :q` or `queue_as :q` inside one Ruby block. */
function queuesInRuby(code: string): QueueUse[] {
  const uses: QueueUse[] = [];
  let job = '';
  for (const line of code.split('\n')) {
    const declared = line.match(/\bclass\s+([A-Za-z0-9:]*Job)\b/);
    if (declared) job = declared[1];
    const queue = line.match(/\b(?:sidekiq_options\s+.*\bqueue:\s*|queue_as\s+):?["']?([a-z_]+)/);
    if (queue) uses.push({ job, queue: queue[1] });
  }
  return uses;
}

/** `class: "X"` followed by `queue: q` in a sidekiq-cron schedule. */
function queuesInSchedule(code: string): QueueUse[] {
  const uses: QueueUse[] = [];
  let job = '';
  for (const line of code.split('\n')) {
    const declared = line.match(/^\s*class:\s*["']?([A-Za-z0-9:]+)["']?/);
    if (declared) job = declared[1];
    const queue = line.match(/^\s*queue:\s*["']?([a-z_]+)/);
    if (queue) uses.push({ job, queue: queue[1] });
  }
  return uses;
}

interface ScheduleEntry {
  key: string;
  cron?: string;
  job?: string;
}

/** Each `key:` of a sidekiq-cron schedule with its `cron: "..."` and `class: "..."`. */
function scheduleEntries(code: string): ScheduleEntry[] {
  const entries: ScheduleEntry[] = [];
  for (const line of code.split('\n')) {
    const key = line.match(/^([a-z0-9_]+):\s*$/);
    if (key) entries.push({ key: key[1] });
    const entry = entries.at(-1);
    const cron = line.match(/^\s+cron:\s*["']([^"']+)["']/);
    if (entry && cron) entry.cron = cron[1];
    const job = line.match(/^\s+class:\s*["']?([A-Za-z0-9:]+)/);
    if (entry && job) entry.job = job[1];
  }
  return entries.filter((entry) => entry.cron !== undefined);
}

/** Container names used in Terraform, ECS overrides and `execute-command`. */
function containerNames(code: string): string[] {
  const patterns = [
    /\bcontainer_name\s*=\s*"([^"]+)"/g,
    /"containerOverrides"\s*:\s*\[\s*\{\s*"name"\s*:\s*"([^"]+)"/g,
    /--container\s+([\w-]+)/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1]));
}

/** Other names writers give a fence's language. */
const LANGUAGE_ALIASES: Record<string, string> = { yml: 'yaml', rb: 'ruby' };

function codeBlocks(body: string): { language: string; code: string }[] {
  return fencedBlocks(body).map(({ language, code }) => ({ language: LANGUAGE_ALIASES[language] ?? language, code }));
}

/** Levenshtein distance, for channel names one or two typing mistakes away from a real one. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** The page's prose: fenced code, inline code, link targets and bare URLs removed. */
function prose(body: string): string {
  return withoutCodeBlocks(body)
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/\]\([^)]*\)/g, '] ')
    .replace(/\bhttps?:\/\/\S+/g, ' ');
}

/**
 * Slack channels a page names. In prose, any `#name` (a heading's `#` is followed by a space). In a
 * code span, `#eng...`, a hyphenated name or a near miss of a listed channel, so that a Ruby method
 * such as `#rows` is not taken for one. Incident channels are named per incident and are not listed.
 */
function channelNames(body: string, canon: Canon): string[] {
  const nearMiss = (name: string) => [...canon.channels].some((channel) => editDistance(name, channel) <= 2);
  const inCode = [...body.matchAll(/`(#[a-z][a-z0-9-]*)`/g)]
    .map((match) => match[1])
    .filter((name) => name.startsWith('#eng') || name.includes('-') || nearMiss(name));
  const inProse = [...prose(body).matchAll(/(?<![\w/#&])(#[a-z][a-z0-9-]*)/g)].map((match) => match[1]);
  return [...inCode, ...inProse].filter((name) => !name.startsWith('#inc-'));
}

/** Our rake tasks named in code or code spans: those in a namespace of the canon's tasks. */
function rakeTaskNames(body: string, canon: Canon): string[] {
  const namespaces = new Set([...canon.rakeTasks].map((task) => task.split(':')[0]));
  const code = [...codeBlocks(body).map(({ code }) => code), ...[...body.matchAll(/`([^`\n]+)`/g)].map((m) => m[1])];
  return code.flatMap((text) =>
    [...text.matchAll(/(?<![\w:.@-])([a-z_]+(?::[a-z_]+)+)(?![\w:.-])/g)]
      .map((match) => match[1])
      .filter((name) => namespaces.has(name.split(':')[0])),
  );
}

/** Roles and permissions a page names: in authorization calls, `roles.yml` excerpts and before the word "role". */
function accessNames(body: string): { roles: string[]; permissions: string[] } {
  const roles: string[] = [];
  const permissions: string[] = [];
  for (const match of body.matchAll(/\b(?:authorize_mutation!|permitted\?)\(\s*["']([a-z_.]+)["']/g)) {
    permissions.push(match[1]);
  }
  for (const { language, code } of codeBlocks(body)) {
    if (language !== 'yaml' || !/^\s+permissions:\s*$/m.test(code)) continue;
    roles.push(...[...code.matchAll(/^([a-z_]+):\s*$/gm)].map((match) => match[1]));
    roles.push(...[...code.matchAll(/^\s+inherits:\s*([a-z_]+)/gm)].map((match) => match[1]));
    permissions.push(...[...code.matchAll(/^\s+-\s+([a-z_]+\.[a-z_]+)\s*$/gm)].map((match) => match[1]));
  }
  for (const match of body.matchAll(/((?:`[a-z_]+`(?:,\s*|\s+or\s+|\s+and\s+))*`[a-z_]+`) roles?\b/g)) {
    roles.push(...codeSpans(match[1]));
  }
  for (const match of body.matchAll(/\broles? \(((?:`[a-z_]+`(?:,\s*|\s+or\s+|\s+and\s+)?)+)/g)) {
    roles.push(...codeSpans(match[1]));
  }
  for (const match of body.matchAll(/iam:users:create\[[^,\]]+,([a-z_]+)\]/g)) roles.push(match[1]);
  return { roles, permissions };
}

/** Problems with `partners/<slug>/<folder>/...` paths and SFTP bucket names, anywhere in the page. */
function sftpProblems(body: string, canon: Canon): string[] {
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

/** Everything in one page that disagrees with the canon, as readable problems. */
export function checkAgainstCanon(body: string, canon: Canon): string[] {
  const problems = new Set<string>();
  for (const channel of channelNames(body, canon)) {
    if (!canon.channels.has(channel))
      problems.add(`channel "${channel}" is not in the channel or team table of system facts`);
  }
  for (const name of body.match(JOB_NAME) ?? []) {
    if (NOT_JOBS.has(name)) continue;
    const matches = resolveJob(name, canon);
    if (matches.length === 0) problems.add(`job "${name}" is not in the job table of system facts`);
    if (matches.length > 1) problems.add(`job "${name}" is ambiguous: name it in full`);
  }
  const containers = [...canon.services, ...canon.sidecars];
  const perTask = `a task runs ${1 + canon.sidecars.size} containers: its service's and ${[...canon.sidecars].join(' and ')}`;
  if (/\b(?:one|a single|only one|its one|its only|the only)\s+container\b/i.test(prose(body))) {
    problems.add(`${perTask}; write "one application container"`);
  }
  for (const { language, code } of codeBlocks(body)) {
    const uses = language === 'ruby' ? queuesInRuby(code) : language === 'yaml' ? queuesInSchedule(code) : [];
    for (const { job, queue } of uses) {
      if (!canon.queues.has(queue)) {
        problems.add(`queue "${queue}" is not a declared queue of system facts`);
        continue;
      }
      const [canonical] = resolveJob(job, canon);
      const allowed = canonical ? canon.jobs.get(canonical) : undefined;
      if (allowed && !allowed.has(queue)) {
        problems.add(`${canonical} runs on ${[...allowed].join(' or ')}, not on "${queue}"`);
      }
    }
    for (const { key, cron, job } of language === 'yaml' ? scheduleEntries(code) : []) {
      const canonical = canon.schedules.get(key);
      const scheduled = canon.scheduleClasses.get(key);
      if (canonical === undefined) {
        problems.add(`schedule "${key}" is not in the schedule table of system facts`);
        continue;
      }
      if (canonical !== cron) problems.add(`schedule "${key}" is "${canonical}" in system facts, not "${cron}"`);
      if (job && scheduled && resolveJob(job, canon)[0] !== scheduled) {
        problems.add(`schedule "${key}" runs ${scheduled} in system facts, not "${job}"`);
      }
    }
    for (const match of code.matchAll(/(?:--profile[ =]|AWS_PROFILE=)["']?([\w-]+)/g)) {
      if (!canon.profiles.has(match[1])) {
        problems.add(`AWS CLI profile "${match[1]}" is not one of ${[...canon.profiles].join(', ')}`);
      }
    }
    for (const container of containerNames(code)) {
      if (!containers.includes(container)) {
        problems.add(
          `container "${container}" is not named after its service (${[...canon.services].join(', ')}) nor a sidecar (${[...canon.sidecars].join(', ')})`,
        );
      }
    }
    if (/\bcontainers\[\d+\]/.test(code)) {
      problems.add(`${perTask}; pick one by name (containers[?name=='platform-web']), not by position`);
    }
  }
  for (const task of rakeTaskNames(body, canon)) {
    const namespace = [...canon.rakeTasks].some((known) => known.startsWith(`${task}:`));
    if (!canon.rakeTasks.has(task) && !namespace) {
      problems.add(`rake task "${task}" is not in the rake task table of system facts`);
    }
  }
  const { roles, permissions } = accessNames(body);
  for (const role of roles) {
    if (!canon.roles.has(role)) problems.add(`role "${role}" is not in the role table of system facts`);
  }
  for (const permission of permissions) {
    if (!canon.permissions.has(permission)) {
      problems.add(`permission "${permission}" is not in the permission table of system facts`);
    }
  }
  for (const problem of sftpProblems(body, canon)) problems.add(problem);
  for (const problem of proseFactProblems(body, canon)) problems.add(problem);
  return [...problems];
}
