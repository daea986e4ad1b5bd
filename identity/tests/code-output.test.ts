/**
 * Confirmation codes as a person reads them: on the output of `npm start`, each code appears as it
 * is sent, so the last code on screen is always the one that works (newcomer review 2, problem 1:
 * from the fourth request on, each code appeared only with the next message); and a wrong
 * password among them is one line, not a stack trace (newcomer review 3), starting with the time
 * of day and saying what was refused (newcomer review 4).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { freePort } from '../launch';
import { localIdentity } from '../../core/local-pool';
import { cognitoCall } from '../../testkit/local-identity';
import { until } from '../../testkit/until';

const CODE_LINE = /Code:\s+(\d{6})/g;

test('npm start prints each forgotten-password code as it is sent, the last one printed works, and a wrong password is one line', async (t) => {
  const [identityPort, sitePort] = [await freePort(), await freePort()];
  // Random codes, as a person gets them (the browser tests fix one with CODE).
  const env = { ...process.env };
  delete env.CODE;
  const start = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(__dirname, '..', '..', 'scripts', 'start.ts'),
      '--port',
      String(sitePort),
      '--no-open',
    ],
    {
      env: { ...env, HANDBOOK_AUTH: 'local', HANDBOOK_IDENTITY_PORT: String(identityPort) },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  t.after(() => {
    try {
      process.kill(-(start.pid as number), 'SIGTERM');
    } catch {
      // Already gone.
    }
  });
  let output = '';
  start.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  start.stderr.resume();
  const printedCodes = () => [...output.matchAll(CODE_LINE)].map((match) => match[1]);
  const waitFor = (condition: () => boolean, what: string, withinMs = 30_000) =>
    until(condition, {
      withinMs,
      everyMs: 50,
      failure: () => `${what} did not appear in ${withinMs} ms:\n${output.slice(-2000)}`,
    });
  await waitFor(() => output.includes(`password: ${localIdentity.demoUser.password}`), 'the demo reader');

  const url = `http://${localIdentity.host}:${identityPort}`;
  const Username = localIdentity.demoUser.email;
  for (let request = 1; request <= 6; request += 1) {
    await cognitoCall(url, 'ForgotPassword', { ClientId: localIdentity.userPoolClientId, Username });
    // A person waits a couple of seconds for the code, then types the last one on screen.
    await waitFor(() => printedCodes().length === request, `code ${request}`, 3_000).catch((error: Error) => {
      throw new Error(`after request ${request}, ${printedCodes().length} codes were on screen. ${error.message}`);
    });
  }
  const lastOnScreen = printedCodes().at(-1);
  await cognitoCall(url, 'ConfirmForgotPassword', {
    ClientId: localIdentity.userPoolClientId,
    Username,
    ConfirmationCode: lastOnScreen,
    Password: 'Handbook-Reset-2026!',
  });
  assert.equal(new Set(printedCodes()).size >= 2, true, 'the codes should differ from one request to the next');

  const before = output.length;
  await assert.rejects(
    cognitoCall(url, 'InitiateAuth', {
      ClientId: localIdentity.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: Username, PASSWORD: 'Not-The-Password-2026!' },
    }),
  );
  await waitFor(() => output.slice(before).includes('InitiateAuth refused'), 'the refusal');
  const refusal = output
    .slice(before)
    .split('\n')
    .filter((line) => line.trim());
  assert.equal(refusal.length, 1, refusal.join('\n'));
  // The time of day, not pino's epoch milliseconds; the operation, the error and its message.
  assert.match(refusal[0], /^\[\d{2}:\d{2}:\d{2}\] WARN: InitiateAuth refused: \w+: /);
});
