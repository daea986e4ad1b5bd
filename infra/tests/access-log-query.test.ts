/**
 * `npm run who-read` and `npm run readers` read the edge's access log as CloudWatch Logs stores it:
 * Lambda's text-format lines (testkit/documented-shapes/lambda-node-log-lines.json), in
 * `FilterLogEvents` pages as the API reference shapes them (cloudwatch-logs-filter-log-events.json),
 * through the SDK's paginator, against clients stubbed with aws-sdk-client-mock.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import {
  CloudWatchLogsClient,
  FilterLogEventsCommand,
  ResourceNotFoundException,
} from '@aws-sdk/client-cloudwatch-logs';
import type {
  FilterLogEventsCommandInput,
  FilterLogEventsCommandOutput,
  FilteredLogEvent,
} from '@aws-sdk/client-cloudwatch-logs';
import { mockClient } from 'aws-sdk-client-mock';
import { accessLogLine } from '../../gate/access-log';
import { documentedShape } from '../../testkit/documented-shapes/shapes';
import { PAGE_LOAD_FILTER_PATTERN, whoRead } from '../access-log-query';
import { parseLambdaLogLine, unreadableReport } from '../../core/lambda-log-line';

const lines = documentedShape<{
  documentedExamples: string[];
  runtimeLines: string[];
  edgeLines: Record<'pageLoadServed' | 'pageLoadRedirected' | 'keysChanged', string>;
  jsonFormatLine: string;
}>('lambda-node-log-lines');
const { pages } = documentedShape<{ pages: FilterLogEventsCommandOutput[] }>('cloudwatch-logs-filter-log-events');

const GROUP = '/aws/lambda/us-east-1.Handbook-production-Site-ViewerRequestFn-1A2B3C';
const WEEK = { since: new Date('2026-11-18T00:00:00Z'), until: new Date('2026-11-25T00:00:00Z') };

/** One client per region, each answering its pages in turn, or that the group does not exist there. */
function regions(answers: Record<string, FilterLogEventsCommandOutput[] | 'no group'>) {
  const stubs: { restore(): void }[] = [];
  const clients = new Map<string, CloudWatchLogsClient>();
  // Copies: the SDK's paginator reuses one input object and sets its nextToken page after page.
  const requests: FilterLogEventsCommandInput[] = [];
  for (const [region, answer] of Object.entries(answers)) {
    const client = new CloudWatchLogsClient({ region, credentials: { accessKeyId: 'x', secretAccessKey: 'y' } });
    const stub = mockClient(client);
    const queue = answer === 'no group' ? [] : [...answer];
    stub.on(FilterLogEventsCommand).callsFake((input: FilterLogEventsCommandInput) => {
      requests.push({ ...input });
      if (answer === 'no group') {
        throw new ResourceNotFoundException({ $metadata: {}, message: 'The specified log group does not exist.' });
      }
      return queue.shift();
    });
    stubs.push(stub);
    clients.set(region, client);
  }
  return {
    logsIn: (region: string) => clients.get(region)!,
    requests: () => requests,
    restore: () => stubs.forEach((stub) => stub.restore()),
  };
}

const event = (message: string, timestamp = 0): FilteredLogEvent => ({
  eventId: String(timestamp),
  ingestionTime: timestamp,
  logStreamName: '2026/11/22/[7]e6f4a0c4241adcd70c262d34c0bbc85c',
  message,
  timestamp,
});

describe('the edge’s log lines', () => {
  test('the documented text-format lines are read, each line’s record after the runtime’s prefix', () => {
    const [info, warn] = lines.documentedExamples;
    assert.equal(parseLambdaLogLine(info), null, 'a message that is not a JSON record is no access-log line');
    assert.equal(parseLambdaLogLine(warn), null);
    for (const runtimeLine of lines.runtimeLines) assert.equal(parseLambdaLogLine(runtimeLine), null);
    const served = parseLambdaLogLine(lines.edgeLines.pageLoadServed);
    assert.deepEqual(served, {
      time: '2026-11-20T09:00:00.123Z',
      requestId: 'c793869b-ee49-115b-a5b6-4fd21e8dedac',
      level: 'INFO',
      record: {
        time: '2026-11-20T09:00:00.120Z',
        event: 'page-load',
        userId: 'sub-a',
        path: '/docs/guide',
        decision: 'serve',
        status: 200,
      },
    });
    assert.equal(parseLambdaLogLine(lines.edgeLines.keysChanged)?.level, 'WARN');
  });

  test('the fixture’s records are what the gate’s access log writes: the writer agrees with the documented line', () => {
    const written = accessLogLine({
      time: new Date('2026-11-20T09:00:00.120Z'),
      path: '/docs/guide',
      decision: 'serve',
      status: 200,
      session: { userId: 'sub-a', expiresAt: 4e9, reader: true },
    });
    assert.equal(lines.edgeLines.pageLoadServed.split('\t')[3], `${written}\n`);
  });
});

describe('who read a page', () => {
  let restore = () => {};
  afterEach(() => restore());

  test('pages through FilterLogEvents (an empty page included) in every region; a region without the group has no readers', async () => {
    const laterRegion: FilterLogEventsCommandOutput[] = [
      {
        $metadata: {},
        events: [event(lines.edgeLines.pageLoadServed.replace('2026-11-20T09:00:00.120Z', '2026-11-22T09:00:00.000Z'))],
      },
    ];
    const fake = regions({ 'us-east-1': pages, 'eu-west-1': laterRegion, 'ap-south-1': 'no group' });
    restore = fake.restore;
    const { readers, unreadable } = await whoRead(fake.logsIn, {
      groupName: GROUP,
      regions: ['us-east-1', 'eu-west-1', 'ap-south-1'],
      path: '/docs/guide',
      ...WEEK,
    });
    assert.deepEqual(readers, [{ userId: 'sub-a', loads: 2, last: '2026-11-22T09:00:00.000Z' }]);
    assert.deepEqual(unreadable, { count: 0, examples: [] });
    const requests = fake.requests();
    assert.equal(requests.length, pages.length + 1 + 1);
    assert.deepEqual(
      requests.map((input) => input.nextToken),
      [undefined, pages[0].nextToken, pages[1].nextToken, undefined, undefined],
    );
    for (const input of requests) {
      assert.equal(input.filterPattern, PAGE_LOAD_FILTER_PATTERN);
      assert.equal(input.logGroupName, GROUP);
    }
  });

  test('without a path, every served page load counts; redirects and other pages do not name readers', async () => {
    const other = lines.edgeLines.pageLoadServed.replace('/docs/guide', '/docs/other').replace('sub-a', 'sub-b');
    const fake = regions({ 'us-east-1': [{ $metadata: {}, events: [event(other), ...pages[2].events!] }] });
    restore = fake.restore;
    const withPath = await whoRead(fake.logsIn, {
      groupName: GROUP,
      regions: ['us-east-1'],
      path: '/docs/guide',
      ...WEEK,
    });
    assert.deepEqual(withPath.readers, []);
    const everyPage = regions({ 'us-east-1': [{ $metadata: {}, events: [event(other), ...pages[2].events!] }] });
    restore = () => (fake.restore(), everyPage.restore());
    const all = await whoRead(everyPage.logsIn, { groupName: GROUP, regions: ['us-east-1'], ...WEEK });
    assert.deepEqual(
      all.readers.map((reader) => reader.userId),
      ['sub-b'],
    );
  });

  test('a line it cannot read is counted and shown, never a crash and never a silent gap', async () => {
    const bareJson = lines.edgeLines.pageLoadServed.split('\t')[3];
    const cut = lines.edgeLines.pageLoadServed.slice(0, 80);
    // Lambda's other documented format, should someone turn it on: reported, never read as nobody.
    const jsonFormat = lines.jsonFormatLine;
    const fake = regions({
      'us-east-1': [
        {
          $metadata: {},
          events: [event(bareJson), event(cut), event(jsonFormat), event(lines.edgeLines.pageLoadServed)],
        },
      ],
    });
    restore = fake.restore;
    const { readers, unreadable } = await whoRead(fake.logsIn, { groupName: GROUP, regions: ['us-east-1'], ...WEEK });
    assert.deepEqual(
      readers.map((reader) => reader.userId),
      ['sub-a'],
    );
    assert.equal(unreadable.count, 3);
    const report = unreadableReport(unreadable).join('\n');
    assert.match(report, /^3 line\(s\) of the edge's access log could not be read/);
    assert.match(report, /a reader shown as not seen may have been seen/);
    assert.ok(report.includes(JSON.stringify(bareJson)));
    assert.deepEqual(unreadableReport({ count: 0, examples: [] }), []);
  });

  test('any other error stops the command', async () => {
    const client = new CloudWatchLogsClient({
      region: 'us-east-1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'y' },
    });
    const stub = mockClient(client);
    restore = () => stub.restore();
    stub
      .on(FilterLogEventsCommand)
      .rejects(
        Object.assign(new Error('not authorized to perform: logs:FilterLogEvents'), { name: 'AccessDeniedException' }),
      );
    await assert.rejects(
      whoRead(() => client, { groupName: GROUP, regions: ['us-east-1'], ...WEEK }),
      /not authorized/,
    );
  });

  test('refuses a path that is not a page path', async () => {
    await assert.rejects(
      whoRead(() => new CloudWatchLogsClient({}), {
        groupName: GROUP,
        regions: ['us-east-1'],
        path: '/x" || $.a = "b',
        ...WEEK,
      }),
      /Not a page path/,
    );
  });
});
