/**
 * The facts of `docs/onboarding/system-facts.md` that other pages can be checked against
 * mechanically: job classes and their queues, declared Sidekiq queues, sidekiq-cron schedules,
 * ECS container names, AWS CLI profiles and Slack channels. Used by `npm run check:docs` and the unit tests.
 */
interface Canon {
  /** Declared Sidekiq queues. */
  queues: Set<string>;
  /** Fully qualified job class name to the queues it may use. */
  jobs: Map<string, Set<string>>;
  /** ECS service names; each task definition's container carries its service's name. */
  services: Set<string>;
  /** sidekiq-cron schedule key to its cron line, time zone included. */
  schedules: Map<string, string>;
  /** AWS CLI profile names. */
  profiles: Set<string>;
  /** Slack channels, team channels included. */
  channels: Set<string>;
}

const JOB_NAME = /\b(?:[A-Z][A-Za-z0-9]*::)*[A-Z][A-Za-z0-9]*Job\b/g;
/** The base class every job inherits from is not a job of the canon. */
const NOT_JOBS = new Set(['ApplicationJob', 'Base::ApplicationJob']);

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

function codeSpans(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
}

export function readCanon(markdown: string): Canon {
  const queues = new Set(tableRows(markdown, 'Queue').flatMap((row) => codeSpans(row[0])));
  const jobs = new Map<string, Set<string>>();
  for (const [name, queue] of tableRows(markdown, 'Job')) {
    jobs.set(codeSpans(name)[0], new Set(codeSpans(queue)));
  }
  const services = new Set(tableRows(markdown, 'Service and container').flatMap((row) => codeSpans(row[0])));
  const schedules = new Map(
    tableRows(markdown, 'Schedule key').map(([key, cron]) => [codeSpans(key)[0], codeSpans(cron)[0]]),
  );
  const profileRow = tableRows(markdown, 'Thing').find(([thing]) => thing.startsWith('AWS CLI profile'));
  const profiles = new Set(profileRow?.slice(1).flatMap(codeSpans));
  const channels = new Set(
    [...tableRows(markdown, 'Channel'), ...tableRows(markdown, 'Team')].flatMap((row) =>
      row.flatMap(codeSpans).filter((name) => name.startsWith('#')),
    ),
  );
  return { queues, jobs, services, schedules, profiles, channels };
}

/** The canon's job names that a name in a page may refer to: exact, or by its last segment. */
function resolveJob(name: string, canon: Canon): string[] {
  if (canon.jobs.has(name)) return [name];
  if (name.includes('::')) return [];
  return [...canon.jobs.keys()].filter((job) => job.endsWith(`::${name}`));
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

/** `key:` followed by `cron: "..."` in a sidekiq-cron schedule. */
function cronLines(code: string): { key: string; cron: string }[] {
  const lines: { key: string; cron: string }[] = [];
  let key = '';
  for (const line of code.split('\n')) {
    const entry = line.match(/^([a-z0-9_]+):\s*$/);
    if (entry) key = entry[1];
    const cron = line.match(/^\s+cron:\s*["']([^"']+)["']/);
    if (cron) lines.push({ key, cron: cron[1] });
  }
  return lines;
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

function codeBlocks(body: string): { language: string; code: string }[] {
  return [...body.matchAll(/^(```|~~~)(\w*)[^\n]*\n([\s\S]*?)^\1\s*$/gm)].map((match) => ({
    language: match[2],
    code: match[3],
  }));
}

/**
 * Slack channels named in code spans: `#eng...` or hyphenated names, so that a Ruby method such as
 * `#rows` is not taken for one. Incident channels are named per incident and are not listed.
 */
function channelNames(body: string): string[] {
  return [...body.matchAll(/`(#[a-z][a-z0-9-]*)`/g)]
    .map((match) => match[1])
    .filter((name) => (name.startsWith('#eng') || name.includes('-')) && !name.startsWith('#inc-'));
}

/** Everything in one page that disagrees with the canon, as readable problems. */
export function checkAgainstCanon(body: string, canon: Canon): string[] {
  const problems = new Set<string>();
  for (const channel of channelNames(body)) {
    if (!canon.channels.has(channel))
      problems.add(`channel "${channel}" is not in the channel or team table of system facts`);
  }
  for (const name of body.match(JOB_NAME) ?? []) {
    if (NOT_JOBS.has(name)) continue;
    const matches = resolveJob(name, canon);
    if (matches.length === 0) problems.add(`job "${name}" is not in the job table of system facts`);
    if (matches.length > 1) problems.add(`job "${name}" is ambiguous: name it in full`);
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
    for (const { key, cron } of language === 'yaml' ? cronLines(code) : []) {
      const canonical = canon.schedules.get(key);
      if (canonical === undefined) {
        problems.add(`schedule "${key}" is not in the schedule table of system facts`);
      } else if (canonical !== cron) {
        problems.add(`schedule "${key}" is "${canonical}" in system facts, not "${cron}"`);
      }
    }
    for (const match of code.matchAll(/(?:--profile[ =]|AWS_PROFILE=)["']?([\w-]+)/g)) {
      if (!canon.profiles.has(match[1])) {
        problems.add(`AWS CLI profile "${match[1]}" is not one of ${[...canon.profiles].join(', ')}`);
      }
    }
    for (const container of containerNames(code)) {
      if (!canon.services.has(container)) {
        problems.add(`container "${container}" is not named after its service (${[...canon.services].join(', ')})`);
      }
    }
  }
  return [...problems];
}
