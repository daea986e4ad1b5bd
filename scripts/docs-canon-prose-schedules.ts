/**
 * Canon rule: the queue a sentence gives the jobs it names is declared and theirs, and how often and
 * at what time it says a scheduled job runs agree with its cron line and "When, in words".
 */
import type { Canon } from './docs-canon-facts';
import { resolveJob } from './docs-canon-facts';
import { codeSpans, JOB_NAME, NUMBER, proseBlocks, sentences, toNumber, withoutSpans } from './docs-canon-text';
import type { Finding } from './docs-finding';

/** Job classes named in backticks, as the canon's full names. */
function jobsNamed(text: string, canon: Canon): string[] {
  return codeSpans(text)
    .flatMap((span) => span.match(JOB_NAME) ?? [])
    .flatMap((name) => resolveJob(name, canon));
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
export function proseQueueScheduleProblems(body: string, canon: Canon): Finding[] {
  const blocks = proseBlocks(body);
  const problems: Finding[] = [];
  const keyOfClass = new Map([...canon.scheduleClasses].map(([key, job]) => [job, key]));
  const read = blocks.flatMap(({ text, lineOf }) => sentences(text).map((sentence) => ({ sentence, lineOf })));
  for (const { sentence, lineOf } of read) {
    const found = (message: string) =>
      problems.push({ rule: 'canon-prose-schedules', line: lineOf(sentence), message });
    const jobs = jobsNamed(sentence, canon);
    for (const [, queue] of sentence.matchAll(/`([a-z_]+)`\s+(?:Sidekiq\s+)?queues?\b/g)) {
      if (!canon.queues.has(queue)) {
        found(`queue "${queue}" is not a declared queue of system facts`);
      } else if (jobs.length && !jobs.some((job) => canon.jobs.get(job)?.has(queue))) {
        const own = jobs.map((job) => `${job} runs on ${[...(canon.jobs.get(job) ?? [])].join(' or ')}`);
        found(`${own.join('; ')}: not on the "${queue}" queue`);
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
      if (!allowed.has(frequency)) found(`${said}: not "${frequency}"`);
    }
    const clocks = keys.flatMap((key) => {
      const fromCron = cronClock(canon.schedules.get(key) ?? '');
      const fromWords = clockTimes(canon.scheduleWords.get(key) ?? '').map(({ time }) => ({ time, zone: 'Eastern' }));
      return fromCron ? [fromCron, ...fromWords] : fromWords;
    });
    for (const { time, zone } of clockTimes(prose)) {
      if (!clocks.some((clock) => clock.time === time && (zone === '' || clock.zone === zone))) {
        found(`${said}: not at ${time}${zone ? ` ${zone}` : ''}`);
      }
    }
  }
  return problems;
}
