/**
 * The canon checks that read a page's prose, not only its names: which job a paragraph talks about,
 * the queue and schedule a sentence gives a job, response times of a severity, retention periods,
 * versions, ports, database names, event names, Datadog dashboards and the place of shared files.
 * Used by `checkAgainstCanon` (`scripts/docs-canon.ts`).
 */
import type { Canon } from './docs-canon';

export const JOB_NAME = /\b(?:[A-Z][A-Za-z0-9]*::)*[A-Z][A-Za-z0-9]*Job\b/g;
/** One `...Job` class name, for a test rather than a search. */
const JOB_CLASS = new RegExp(JOB_NAME.source);
/** The base class every job inherits from is not a job of the canon. */
export const NOT_JOBS = new Set(['ApplicationJob', 'Base::ApplicationJob']);

/** The canon's job names that a name in a page may refer to: exact, or by its last segment. */
export function resolveJob(name: string, canon: Canon): string[] {
  if (canon.jobs.has(name)) return [name];
  if (name.includes('::')) return [];
  return [...canon.jobs.keys()].filter((job) => job.endsWith(`::${name}`));
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  ten: 10,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
};

function toNumber(word: string): number {
  return /^\d+$/.test(word) ? Number(word) : (NUMBER_WORDS[word.toLowerCase()] ?? Number.NaN);
}

const NUMBER = `(\\d+|${Object.keys(NUMBER_WORDS).join('|')})`;

interface Block {
  heading: string;
  /** The paragraph, list item or table row, code spans kept. */
  text: string;
  /** Whether its section, heading and code blocks included, names a `...Job` class. */
  sectionNamesJob: boolean;
}

/**
 * The page's prose as blocks: front matter and fenced code left out, each paragraph, list item and
 * table row one block, each under the heading above it.
 */
function proseBlocks(body: string): Block[] {
  const blocks: Omit<Block, 'sectionNamesJob'>[] = [];
  const sectionsNamingJobs = new Set<string>();
  let heading = '';
  let fence = '';
  let current: string[] = [];
  const flush = () => {
    if (current.length) blocks.push({ heading, text: current.join(' ') });
    current = [];
  };
  for (const line of body.replace(/^---\n[\s\S]*?\n---\n/, '').split('\n')) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    const title = /^#{1,6}\s+(.*)$/.exec(line);
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = '';
    } else if (marker) {
      flush();
      fence = marker;
    } else if (title) {
      flush();
      heading = title[1];
    } else if (line.trim() === '' || line.startsWith('|') || /^\s*(?:[-*+]|\d+\.)\s/.test(line)) {
      flush();
      if (line.trim() && !/^\|[\s|:-]+\|$/.test(line.trim())) current.push(line);
      if (line.startsWith('|')) flush();
    } else {
      current.push(line);
    }
    if (JOB_CLASS.test(line)) sectionsNamingJobs.add(heading);
  }
  flush();
  return blocks.map((block) => ({ ...block, sectionNamesJob: sectionsNamingJobs.has(block.heading) }));
}

/** Sentences of a block; a table row is one sentence. */
function sentences(block: string): string[] {
  if (block.startsWith('|')) return [block];
  return block.split(/(?<=[.!?])\s+(?=[A-Z`*[(])/);
}

/** Text with code spans blanked, so their dots, colons and digits are not read as prose. */
function withoutSpans(text: string): string {
  return text.replace(/`[^`\n]*`/g, ' CODE ');
}

/** The contents of the text's inline code spans (`x`), none across a line break. */
export function codeSpans(text: string): string[] {
  return [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]);
}

/** Job classes named in backticks, as the canon's full names. */
function jobsNamed(text: string, canon: Canon): string[] {
  return codeSpans(text)
    .flatMap((span) => span.match(JOB_NAME) ?? [])
    .flatMap((name) => resolveJob(name, canon));
}

/**
 * Phrases that speak of one particular background job, which a reader will want to find in Datadog
 * or the Sidekiq UI by its class: "the job", "this job", "the recording download job", "that job",
 * "a nightly job". Generic statements about jobs ("a job", "jobs", "every job", "the job class",
 * "the job of" meaning a task) are not matched. Jobs of other systems are exempt: a CI or GitHub
 * Actions job, a workflow, dbt, Looker, Snowflake or EventBridge job, and a server's cron job.
 */
const SPECIFIC_JOB = [
  /\b(?:the|this)\s+(?:(?!(?:the|a|an|of|and|or|to|for|in|on)\b)[\w-]+\s+){0,3}jobs?\b(?![\w-]|\s+(?:class(?:es)?|base|system|table|arguments?|ids?|queues?|of)\b)/gi,
  /\bthat\s+job\b(?![\w-]|\s+of\b)/gi,
  /\b(?:a|an|one)\s+(?:nightly|weekly|daily|hourly|monthly|scheduled|recurring|reconciliation)\s+(?:[\w-]+\s+)?jobs?\b/gi,
];
const OTHER_KINDS_OF_JOB = /\b(?:CI|GitHub Actions|Actions|workflow|dbt|Looker|Snowflake|EventBridge|cron)\s+jobs?\b/i;

/** A job class named in backticks in a block: any `...Job`, the base class included. */
function namesJob(text: string): boolean {
  return codeSpans(text).some((span) => /Job\b/.test(span));
}

function jobProseProblems(blocks: Block[]): string[] {
  const problems: string[] = [];
  for (const { heading, text, sectionNamesJob } of blocks) {
    const prose = withoutSpans(text);
    for (const bare of prose.match(JOB_NAME) ?? []) {
      if (!NOT_JOBS.has(bare)) problems.push(`job "${bare}" in prose: write the class in backticks`);
    }
    if (namesJob(text) || sectionNamesJob) continue;
    const phrase = SPECIFIC_JOB.flatMap((pattern) => prose.match(pattern) ?? []).find(
      (match) => !OTHER_KINDS_OF_JOB.test(match),
    );
    if (phrase) {
      problems.push(
        `"${phrase.replace(/\s*CODE\s*/g, ' `…` ').replace(/\s+/g, ' ')}"${heading ? ` (section "${heading}")` : ''} names no job class: name it in backticks, from the job table of system facts, in the same paragraph or section`,
      );
    }
  }
  return problems;
}

/** How often a text says something runs: "every N minutes", hourly, nightly, on weekdays, weekly, monthly. */
function frequencies(text: string): Set<string> {
  const found = new Set<string>();
  for (const [, count] of text.matchAll(new RegExp(`\\bevery\\s+${NUMBER}\\s+minutes\\b`, 'gi'))) {
    found.add(`every ${toNumber(count)} minutes`);
  }
  const kinds: [string, RegExp][] = [
    ['hourly', /\bhourly\b|\bevery hour\b|\beach hour\b/i],
    ['nightly', /\bnightly\b|\bdaily\b|\bevery (?:night|day)\b|\beach (?:night|day)\b|\bonce a day\b/i],
    ['on weekdays', /\bweekdays?\b|\bMonday (?:to|through) Friday\b/i],
    ['weekly', /\bweekly\b|\bevery week\b|\b(?:Sun|Mon|Tues|Wednes|Thurs|Fri|Satur)days\b/i],
    ['monthly', /\bmonthly\b|\b(?:every|each) month\b|\bof (?:each|every|the) month\b/i],
  ];
  for (const [kind, pattern] of kinds) if (pattern.test(text)) found.add(kind);
  return found;
}

interface Clock {
  time: string;
  zone: 'UTC' | 'Eastern' | '';
}

function clockTimes(text: string): Clock[] {
  return [...text.matchAll(/\b([01]\d|2[0-3]):([0-5]\d)\b(\s*(?:UTC|US Eastern|Eastern|ET)\b)?/g)].map((match) => ({
    time: `${match[1]}:${match[2]}`,
    zone: !match[3] ? '' : match[3].includes('UTC') ? 'UTC' : 'Eastern',
  }));
}

/** The time of day a cron line fires, with its zone, when it fires once at a fixed hour. */
function cronClock(cron: string): Clock | undefined {
  const [minute, hour] = cron.split(/\s+/);
  if (!/^\d+$/.test(minute) || !/^\d+$/.test(hour)) return undefined;
  const time = `${hour.padStart(2, '0')}:${minute.padStart(2, '0')}`;
  return { time, zone: cron.includes('America/New_York') ? 'Eastern' : 'UTC' };
}

/** Queues and schedules that a sentence gives the jobs or schedule keys it names. */
function queueAndScheduleProblems(blocks: Block[], canon: Canon): string[] {
  const problems: string[] = [];
  const keyOfClass = new Map([...canon.scheduleClasses].map(([key, job]) => [job, key]));
  for (const sentence of blocks.flatMap(({ text }) => sentences(text))) {
    const jobs = jobsNamed(sentence, canon);
    for (const [, queue] of sentence.matchAll(/`([a-z_]+)`\s+(?:Sidekiq\s+)?queues?\b/g)) {
      if (!canon.queues.has(queue)) {
        problems.push(`queue "${queue}" is not a declared queue of system facts`);
      } else if (jobs.length && !jobs.some((job) => canon.jobs.get(job)?.has(queue))) {
        const own = jobs.map((job) => `${job} runs on ${[...(canon.jobs.get(job) ?? [])].join(' or ')}`);
        problems.push(`${own.join('; ')}: not on the "${queue}" queue`);
      }
    }
    const keys = [
      ...new Set([
        ...codeSpans(sentence).filter((span) => canon.schedules.has(span)),
        ...jobs.flatMap((job) => keyOfClass.get(job) ?? []),
      ]),
    ];
    if (!keys.length) continue;
    const prose = withoutSpans(sentence);
    const when = keys.map((key) => canon.scheduleWords.get(key) ?? '');
    const allowed = new Set(when.flatMap((words) => [...frequencies(words)]));
    const said = `${keys.join(', ')} (${when.join('; ')} in system facts)`;
    for (const frequency of frequencies(prose)) {
      if (!allowed.has(frequency)) problems.push(`${said}: not "${frequency}"`);
    }
    const clocks = keys.flatMap((key) => {
      const fromCron = cronClock(canon.schedules.get(key) ?? '');
      const fromWords = clockTimes(canon.scheduleWords.get(key) ?? '').map(({ time }) => ({ time, zone: 'Eastern' }));
      return fromCron ? [fromCron, ...fromWords] : fromWords;
    });
    for (const { time, zone } of clockTimes(prose)) {
      if (!clocks.some((clock) => clock.time === time && (zone === '' || clock.zone === zone))) {
        problems.push(`${said}: not at ${time}${zone ? ` ${zone}` : ''}`);
      }
    }
  }
  return problems;
}

/**
 * Response times of a severity: "acknowledge within N minutes" and "N minutes for a SEVn" in a
 * sentence about acknowledging, and "after N minutes" in one about escalating, each read with the
 * severity it names or the nearest one before it.
 */
function severityProblems(blocks: Block[], canon: Canon): string[] {
  const problems: string[] = [];
  for (const sentence of blocks.flatMap(({ text }) => sentences(withoutSpans(text)))) {
    const mentions = [...sentence.matchAll(/\bSEV(\d+)\b/g)];
    for (const [name] of mentions) {
      if (!canon.severities.has(name))
        problems.push(`severity ${name} is not one of ${[...canon.severities.keys()].join(', ')}`);
    }
    if (!mentions.length) continue;
    const acknowledging = /acknowledg/i.test(sentence);
    // PagerDuty's escalation; an engineer's own choice to page someone sooner is not a fact of the canon.
    const escalating = /PagerDuty/.test(sentence) && /escalat|secondary/i.test(sentence);
    for (const match of sentence.matchAll(new RegExp(`\\b${NUMBER}\\s+minutes?\\b`, 'gi'))) {
      const before = sentence.slice(0, match.index);
      const after = sentence.slice(match.index + match[0].length);
      const named = /^\s+(?:for|of)\s+an?\s+(SEV\d+)/.exec(after)?.[1];
      const nearest = named ?? [...before.matchAll(/\bSEV\d+\b/g)].at(-1)?.[0] ?? mentions[0][0];
      const severity = canon.severities.get(nearest);
      if (!severity) continue;
      const minutes = toNumber(match[1]);
      const isAck =
        acknowledging &&
        (/acknowledg\w*\s+(?:it\s+)?within\s+$/i.test(before) || (named && /\b(?:within|and)\s+$/.test(before)));
      const isEscalation = escalating && /\b(?:after|at)\s+$/.test(before);
      if (isAck && severity.acknowledge !== undefined && minutes !== severity.acknowledge) {
        problems.push(
          `${nearest} is acknowledged within ${severity.acknowledge} minutes in system facts, not ${minutes}`,
        );
      }
      if (isEscalation && !severity.escalation.includes(minutes)) {
        problems.push(
          `${nearest} escalates at ${severity.escalation.join(' and ')} minutes in system facts, not ${minutes}`,
        );
      }
    }
  }
  return problems;
}

/** "30 days", "six years" as "30 day", "6 year". */
export function periods(text: string): string[] {
  return [...text.matchAll(new RegExp(`\\b${NUMBER}\\s+(day|week|month|year)s?\\b`, 'gi'))].map(
    (match) => `${toNumber(match[1])} ${match[2].toLowerCase()}`,
  );
}

export const KEEPING = /\b(?:kept|keeps?|retained|retention|purged?|deleted|expires?|expired|dropped)\b/i;

/** A sentence about keeping data that the retention schedule lists must give the schedule's period. */
function retentionProblems(blocks: Block[], canon: Canon): string[] {
  const problems: string[] = [];
  for (const sentence of blocks.flatMap(({ text }) => sentences(text))) {
    const prose = withoutSpans(sentence).toLowerCase();
    if (!KEEPING.test(prose)) continue;
    const stated = periods(withoutSpans(sentence));
    if (!stated.length) continue;
    const named = new Set(codeSpans(sentence));
    // A row whose period is a reference ("like the roster file") has no number to hold a sentence to.
    const rows = canon.retention.filter(
      (row) =>
        row.periods.length > 0 &&
        (row.names.some((name) => named.has(name)) || row.phrases.some((phrase) => prose.includes(phrase))),
    );
    if (!rows.length) continue;
    const allowed = new Set(rows.flatMap((row) => row.periods));
    for (const period of stated) {
      if (!allowed.has(period)) {
        problems.push(
          `${rows.map((row) => row.data).join(', ')}: kept ${rows.map((row) => row.keptFor).join('; ')} in the retention schedule, not ${period}s`,
        );
      }
    }
  }
  return problems;
}

/** "PostgreSQL 15", "Ruby 3.x" in prose; "since Rails 7.0" and "(Ruby 2.7, ...)" are history, not ours. */
function versionProblems(blocks: Block[], canon: Canon): string[] {
  const problems: string[] = [];
  const prose = blocks.map(({ text }) => withoutSpans(text)).join('\n');
  for (const [software, version] of canon.versions) {
    const escaped = software.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    for (const match of prose.matchAll(new RegExp(`(?<![\\w.])${escaped}\\s+(\\d+(?:\\.(?:\\d+|x))*)\\b`, 'g'))) {
      const before = prose.slice(Math.max(0, match.index - 20), match.index);
      if (/(?:since|before|until|prior to|introduced in|new in|added in|from|\()\s*$/i.test(before)) continue;
      const stated = match[1].replace(/\.x$/, '');
      if (version !== stated && !version.startsWith(`${stated}.`)) {
        problems.push(`${software} is ${version} in system facts, not ${match[1]}`);
      }
    }
  }
  return problems;
}

/** Ports in URLs, `port=`, `--port` and Session Manager parameters; PostgreSQL database names. */
function portAndDatabaseProblems(body: string, canon: Canon): string[] {
  const problems: string[] = [];
  const known = [...canon.ports.keys()].join(', ');
  const patterns = [
    /\b(?:localhost|127\.0\.0\.1|[\w-]+(?:\.[\w-]+)*\.internal):(\d{2,5})\b/g,
    /\bport[= ](\d{2,5})\b/gi,
    /--port[= ](\d{2,5})\b/g,
    /[pP]ortNumber\\?"\s*:\s*\[\s*\\?"(\d+)/g,
  ];
  for (const pattern of patterns) {
    for (const [, port] of body.matchAll(pattern)) {
      if (!canon.ports.has(port)) problems.push(`port ${port} is not one of the ports of system facts (${known})`);
    }
  }
  const postgres = [...canon.ports].find(([, service]) => service === 'PostgreSQL')?.[0];
  for (const [, host, port] of body.matchAll(/\bpostgres(?:ql)?:\/\/(?:[^@\s/"']*@)?([\w.-]+):(\d+)/g)) {
    if (host !== 'localhost' && port !== postgres)
      problems.push(`PostgreSQL listens on ${postgres} in system facts, not ${port}`);
  }
  const databases = [
    ...body.matchAll(/\bdbname=([\w-]+)/g),
    ...body.matchAll(/\bpostgres(?:ql)?:\/\/[^\s/"']+\/([\w-]+)/g),
    ...body.matchAll(/\bpsql\b[^\n]*?\s-d\s+([\w-]+)/g),
  ].map((match) => match[1]);
  for (const database of databases) {
    if (!canon.databases.has(database)) {
      problems.push(
        `database "${database}" is not the database name of system facts (${[...canon.databases].join(', ')})`,
      );
    }
  }
  return problems;
}

const FILE_EXTENSION = /\.(?:ya?ml|rb|md|csv|json|ts|js|html|sql|graphql|tf)$/;

/**
 * Event names: a dotted name in backticks in an area the canon's events use (not a permission or a
 * file), and the names logged, traced or searched for in code.
 */
function eventProblems(body: string, canon: Canon): string[] {
  const areas = new Set([...canon.events].map((event) => event.split('.')[0]));
  const inSpans = codeSpans(body).filter(
    (span) =>
      /^[a-z_]+(?:\.[a-z_]+)+$/.test(span) &&
      areas.has(span.split('.')[0]) &&
      !canon.permissions.has(span) &&
      !FILE_EXTENSION.test(span),
  );
  const inCode = [
    /RailsLogger\.(?:debug|info|warn|error)\(\s*"([a-z_]+(?:\.[a-z_]+)+)"/g,
    /@event:([a-z_]+(?:\.[a-z_]+)+)/g,
    /"event":\s*"([a-z_]+(?:\.[a-z_]+)+)"/g,
    /Tracing\.trace\(\s*"([a-z_]+(?:\.[a-z_]+)+)"/g,
  ].flatMap((pattern) => [...body.matchAll(pattern)].map((match) => match[1]));
  return [...inSpans, ...inCode]
    .filter((event) => !canon.events.has(event))
    .map((event) => `event "${event}" is not in the event table of system facts`);
}

/** Datadog dashboards named in quotes or bold next to the word "dashboard". */
function dashboardProblems(body: string, canon: Canon): string[] {
  const quoted = '(?:"([^"\\n]+)"|\\*\\*([^*\\n]+)\\*\\*)';
  const names = [
    ...body.matchAll(new RegExp(`${quoted}\\s+dashboard\\b`, 'g')),
    ...body.matchAll(new RegExp(`\\bdashboard\\s+${quoted}`, 'g')),
  ].map((match) => match[1] ?? match[2]);
  return names
    .filter((name) => !canon.dashboards.has(name))
    .map((name) => `dashboard "${name}" is not in the Datadog dashboard table of system facts`);
}

/** A path to one of the canon's shared files must be its canonical path or a shortening of it from the end. */
function fileProblems(body: string, canon: Canon): string[] {
  const problems: string[] = [];
  for (const [path] of body.matchAll(/(?<![\w./<>-])(?:[\w<>-]+\/)+[\w.-]+\.\w+/g)) {
    const basename = path.split('/').at(-1);
    const canonical = canon.files.filter((file) => file.split('/').at(-1) === basename);
    if (canonical.length && !canonical.some((file) => file === path || file.endsWith(`/${path}`))) {
      problems.push(`file "${path}" lives at ${canonical.join(' or ')} (system facts)`);
    }
  }
  return problems;
}

/** Every fact of a page's prose that disagrees with the canon. */
export function proseFactProblems(body: string, canon: Canon): string[] {
  const blocks = proseBlocks(body);
  return [
    ...jobProseProblems(blocks),
    ...queueAndScheduleProblems(blocks, canon),
    ...severityProblems(blocks, canon),
    ...retentionProblems(blocks, canon),
    ...versionProblems(blocks, canon),
    ...portAndDatabaseProblems(body, canon),
    ...eventProblems(body, canon),
    ...dashboardProblems(body, canon),
    ...fileProblems(body, canon),
  ];
}
