/**
 * The edge's log lines as CloudWatch Logs stores them. The edge functions keep Lambda's default
 * text format (no `LoggingConfig`): the Node.js runtime prefixes each `console` line with the time,
 * the request id and the level, tab-separated ("Log and monitor Node.js Lambda functions", AWS
 * Lambda: `2019-06-07T19:11:20.562Z⇥c793869b-…⇥INFO⇥ENVIRONMENT VARIABLES`), and `FilterLogEvents`
 * returns that whole line as the event's `message`. The edge writes one JSON record after the
 * prefix (gate/access-log.ts; the key-drift line, lambdas/edge/viewer-request.ts), at INFO for
 * `console.log` and WARN for `console.warn`. Fixtures of both: testkit/documented-shapes/.
 */

export const LAMBDA_LEVELS = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'FATAL'] as const;
export type LambdaLevel = (typeof LAMBDA_LEVELS)[number];

export interface LambdaLogLine {
  time: string;
  requestId: string;
  level: LambdaLevel;
  /** The JSON record the function wrote after the prefix. */
  record: Record<string, unknown>;
}

const TEXT_LINE = new RegExp(
  `^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z)\\t([0-9a-f-]{36})\\t(${LAMBDA_LEVELS.join('|')})\\t(.*?)\\n?$`,
  's',
);

/** The line's record, or null when it is not a text-format line carrying one JSON object. */
export function parseLambdaLogLine(message: string): LambdaLogLine | null {
  const match = TEXT_LINE.exec(message);
  if (!match) return null;
  let record: unknown;
  try {
    record = JSON.parse(match[4]);
  } catch {
    return null;
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return null;
  return {
    time: match[1],
    requestId: match[2],
    level: match[3] as LambdaLevel,
    record: record as Record<string, unknown>,
  };
}

/** Lines a command could not read: how many, and the first few (cut short) to show the operator. */
export interface UnreadableLines {
  count: number;
  examples: string[];
}

const SHOWN_EXAMPLES = 3;
const SHOWN_LENGTH = 200;

export function noteUnreadable(unreadable: UnreadableLines, message: string): void {
  unreadable.count += 1;
  if (unreadable.examples.length < SHOWN_EXAMPLES)
    unreadable.examples.push(JSON.stringify(message.slice(0, SHOWN_LENGTH)));
}

/** What a command prints when some lines could not be read: never a silent gap in its answer. */
export function unreadableReport(unreadable: UnreadableLines): string[] {
  if (!unreadable.count) return [];
  return [
    `${unreadable.count} line(s) of the edge's access log could not be read as Lambda's text format with a JSON record (infra/OPERATIONS.md, "Logs"): the answer above is incomplete, and a reader shown as not seen may have been seen. First:`,
    ...unreadable.examples.map((example) => `  ${example}`),
  ];
}
