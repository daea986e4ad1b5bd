/**
 * "Who read page X last week": the readers' access log (gate/access-log.ts) is in the viewer-request
 * function's log group in every region where the edge served someone (edge-logs.ts), one JSON line
 * per page load. This searches them all with a JSON filter pattern (CloudWatch Logs "Filter pattern
 * syntax", `{ $.path = "…" }`) and counts the loads by reader id; the caller resolves ids to people.
 * Without a path it counts every page load: `npm run readers` takes each reader's last one.
 */
import { FilterLogEventsCommand, ResourceNotFoundException } from '@aws-sdk/client-cloudwatch-logs';
import type { CloudWatchLogsClient } from '@aws-sdk/client-cloudwatch-logs';

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

export async function whoRead(
  logsIn: (region: string) => Pick<CloudWatchLogsClient, 'send'>,
  query: Query,
): Promise<ReaderLoads[]> {
  if (query.path !== undefined && !/^\/[^"\\\s]*$/.test(query.path)) throw new Error(`Not a page path: ${query.path}`);
  const onPage = query.path === undefined ? '' : ` && $.path = "${query.path}"`;
  const filterPattern = `{ $.event = "page-load"${onPage} && $.decision = "serve" }`;
  const readers = new Map<string, ReaderLoads>();
  for (const region of query.regions) {
    const logs = logsIn(region);
    let nextToken: string | undefined;
    do {
      let page;
      try {
        page = await logs.send(
          new FilterLogEventsCommand({
            logGroupName: query.groupName,
            startTime: query.since.getTime(),
            endTime: query.until.getTime(),
            filterPattern,
            nextToken,
          }),
        );
      } catch (error) {
        // No reader was served from this region: Lambda never created the group there.
        if (error instanceof ResourceNotFoundException) break;
        throw error;
      }
      for (const event of page.events ?? []) {
        const line = JSON.parse(event.message ?? '{}') as { userId?: string | null; time?: string };
        if (!line.userId || !line.time) continue;
        const reader = readers.get(line.userId) ?? { userId: line.userId, loads: 0, last: line.time };
        reader.loads += 1;
        if (line.time > reader.last) reader.last = line.time;
        readers.set(line.userId, reader);
      }
      nextToken = page.nextToken;
    } while (nextToken);
  }
  return [...readers.values()].sort((a, b) => b.last.localeCompare(a.last));
}
