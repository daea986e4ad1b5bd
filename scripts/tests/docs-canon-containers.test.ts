import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkAgainstCanon } from '../docs-canon';
import { sample } from './canon-sample';
import { messages } from './messages';

describe('the canon rule of `docs-canon-containers.ts`', () => {
  test('refuses a container that is not named after its service', () => {
    const hcl = '```hcl\nload_balancer {\n  container_name = "web"\n}\n```\n';
    const override = '```bash\n--overrides \'{"containerOverrides":[{"name":"web","command":["bin/rails"]}]}\'\n```\n';
    const problem =
      'container "web" is not named after its service (platform-web) nor a sidecar (datadog-agent, log_router)';
    assert.deepEqual(messages(checkAgainstCanon(hcl, sample)), [problem]);
    assert.deepEqual(messages(checkAgainstCanon(override, sample)), [problem]);
  });

  test('refuses a claim that a task runs one container, and a container picked by position', () => {
    const perTask = "a task runs 3 containers: its service's and datadog-agent and log_router";
    assert.deepEqual(
      messages(checkAgainstCanon('Each task has one application container and two sidecars.', sample)),
      [],
    );
    assert.deepEqual(messages(checkAgainstCanon('The task overrides the command of its one container.', sample)), [
      `${perTask}; write "one application container"`,
    ]);
    const query = (expression: string) => "```bash\naws ecs describe-tasks --query '" + expression + "'\n```\n";
    assert.deepEqual(
      messages(checkAgainstCanon(query("tasks[0].containers[?name=='platform-web'].exitCode"), sample)),
      [],
    );
    assert.deepEqual(messages(checkAgainstCanon(query('tasks[0].containers[0].exitCode'), sample)), [
      `${perTask}; pick one by name (containers[?name=='platform-web']), not by position`,
    ]);
    const sidecar = '```hcl\nfirelens {\n  container_name = "log_router"\n}\n```\n';
    assert.deepEqual(messages(checkAgainstCanon(sidecar, sample)), []);
  });
});
