/**
 * Regions a deploy skips rather than fails in: one the account has not enabled, and one an
 * organisation's service control policy denies (aws-edge-4 U5). The messages are IAM's documented
 * forms ("Troubleshoot access denied error messages"); a plain AccessDenied still fails the deploy.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isRegionNotEnabled, setEdgeLogRetention } from '../edge-logs';

const denied = (message: string, name = 'AccessDeniedException') => Object.assign(new Error(message), { name });
const BY_SCP =
  'User: arn:aws:sts::123456789012:assumed-role/Handbook-production-GitHubDeploy/GitHubActions is not authorized to perform: logs:DescribeLogGroups on resource: arn:aws:logs:eu-south-1:123456789012:log-group::log-stream: with an explicit deny in a service control policy';
const NO_SCP_ALLOWS =
  'User: arn:aws:sts::123456789012:assumed-role/Deploy/x is not authorized to perform: logs:DescribeLogGroups because no service control policy allows the logs:DescribeLogGroups action';
const BY_ROLE =
  'User: arn:aws:sts::123456789012:assumed-role/Deploy/x is not authorized to perform: logs:DescribeLogGroups because no identity-based policy allows the logs:DescribeLogGroups action';

test('a region an organisation’s policy denies is skipped and reported; the role’s own gap is not', async () => {
  assert.equal(isRegionNotEnabled(denied(BY_SCP)), true);
  assert.equal(isRegionNotEnabled(denied(NO_SCP_ALLOWS, 'AccessDenied')), true);
  assert.equal(isRegionNotEnabled(denied(BY_ROLE)), false);
  assert.equal(
    isRegionNotEnabled(denied('The security token included in the request is invalid.', 'UnrecognizedClientException')),
    true,
  );

  const refusing = (message: string) => () => ({
    send: async () => {
      throw denied(message);
    },
  });
  const result = await setEdgeLogRetention(
    refusing(BY_SCP) as never,
    ['/aws/lambda/us-east-1.viewer'],
    ['eu-south-1'],
    90,
  );
  assert.deepEqual(result.changed, []);
  assert.match(result.skipped[0], /^eu-south-1 \(AccessDeniedException: .*service control policy/);
  await assert.rejects(
    setEdgeLogRetention(refusing(BY_ROLE) as never, ['/aws/lambda/us-east-1.viewer'], ['us-east-1'], 90),
    /no identity-based policy allows/,
  );
});
