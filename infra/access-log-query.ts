/**
 * "Who read page X last week": the readers' access log (gate/access-log.ts) is in the viewer-request
 * function's log group in every region where the edge served someone (edge-logs.ts), one line per
 * page load in Lambda's text format (core/lambda-log-line.ts). This searches them all for the term
 * `"page-load"` (CloudWatch Logs "Filter pattern syntax": a quoted term matches events that contain
 * it; a JSON pattern would need the whole line to be JSON, which the runtime's prefix prevents),
 * reads each line's record and keeps the readers' served loads of the page; the caller resolves ids
 * to people. Without a path it counts every page load: `npm run readers` takes each reader's last
 * one. A line that holds the term but cannot be read is counted and reported, never skipped.
 */
import { paginateFilterLogEvents, ResourceNotFoundException } from '@aws-sdk/client-cloudwatch-logs';
import type { CloudWatchLogsClient } from '@aws-sdk/client-cloudwatch-logs';
import { noteUnreadable, parseLambdaLogLine } from '../core/lambda-log-line';
import type { UnreadableLines } from '../core/lambda-log-line';

export interface ReaderLoads {
  userId: string;
  loads: number;
  last: string;
}

interface Query {
  groupName: string;
  regions: string[];
  /** The page's path as the reader asked for it, e.g. `/onboarding/first-week`; every page when absent. */
  path?: string;
  since: Date;
  until: Date;
}

export const PAGE_LOAD_FILTER_PATTERN = '"page-load"';

export interface PageLoads {
  readers: ReaderLoads[];
  unreadable: UnreadableLines;
}

export async function whoRead(logsIn: (region: string) => CloudWatchLogsClient, query: Query): Promise<PageLoads> {
  if (query.path !== undefined && !/^\/[^"\\\s]*$/.test(query.path)) throw new Error(`Not a page path: ${query.path}`);
  const readers = new Map<string, ReaderLoads>();
  const unreadable: UnreadableLines = { count: 0, examples: [] };
  for (const region of query.regions) {
    const pages = paginateFilterLogEvents(
      { client: logsIn(region) },
      {
        logGroupName: query.groupName,
        startTime: query.since.getTime(),
        endTime: query.until.getTime(),
        filterPattern: PAGE_LOAD_FILTER_PATTERN,
      },
    );
    try {
      for await (const page of pages) {
        for (const event of page.events ?? []) {
          const line = parseLambdaLogLine(event.message ?? '');
          if (!line || line.record.event !== 'page-load') {
            noteUnreadable(unreadable, event.message ?? '');
            continue;
          }
          const { userId, time, path, decision } = line.record;
          if (decision !== 'serve' || typeof userId !== 'string' || typeof time !== 'string') continue;
          if (query.path !== undefined && path !== query.path) continue;
          const reader = readers.get(userId) ?? { userId, loads: 0, last: time };
          reader.loads += 1;
          if (time > reader.last) reader.last = time;
          readers.set(userId, reader);
        }
      }
    } catch (error) {
      // No reader was served from this region: Lambda never created the group there.
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
  }
  return { readers: [...readers.values()].sort((a, b) => b.last.localeCompare(a.last)), unreadable };
}
