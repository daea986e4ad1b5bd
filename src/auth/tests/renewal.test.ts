import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import { RENEW_BEFORE_EXPIRY_SECONDS } from '../../../core/session-format';
import { keepSessionRenewed, RENEWAL_RETRY_MS } from '../renewal';

const NOW = 1_800_000_000_000;

beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
afterEach(() => mock.timers.reset());

/** A visible tab whose session ends `secondsLeft` from now, renewed by `renew`. */
function tab(secondsLeft: number, renew: () => Promise<unknown>) {
  const page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  let renewals = 0;
  const stop = keepSessionRenewed({
    expiresAt: () => NOW / 1000 + secondsLeft,
    renew: () => {
      renewals += 1;
      return renew();
    },
    now: () => NOW,
    page,
  });
  return { page, stop, renewals: () => renewals };
}

/** Lets the renewal's promise settle, then the timers run `ms` further. */
async function pass(ms: number): Promise<void> {
  mock.timers.tick(ms);
  for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
}

test('the tokens are renewed ahead of their end, by the page minimum and its margin', async () => {
  const { renewals, stop } = tab(300, async () => undefined);
  await pass((300 - RENEW_BEFORE_EXPIRY_SECONDS) * 1000 - 1);
  assert.equal(renewals(), 0);
  await pass(1);
  assert.equal(renewals(), 1);
  stop();
});

test('a renewal that fails (Amplify could not load) is tried again after the pause', async () => {
  const { renewals, stop } = tab(0, () => Promise.reject(new Error('Loading chunk amplify failed')));
  await pass(0);
  assert.equal(renewals(), 1);
  await pass(RENEWAL_RETRY_MS);
  assert.equal(renewals(), 2);
  await pass(RENEWAL_RETRY_MS);
  assert.equal(renewals(), 3);
  stop();
});

test('stopped (signed out, the page left), nothing more is renewed', async () => {
  const { renewals, stop, page } = tab(0, async () => undefined);
  stop();
  page.dispatchEvent(new Event('visibilitychange'));
  await pass(RENEWAL_RETRY_MS * 3);
  assert.equal(renewals(), 0);
});
