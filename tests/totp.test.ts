/** core/totp.ts against RFC 6238's own test values (Appendix B, SHA-1, cut to six digits). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { matchingTotpStep, newTotpSecret, totpCode, totpStep } from '../core/totp';

/** The RFC's SHA-1 seed, "12345678901234567890", in base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

test('the codes of RFC 6238 Appendix B (their last six digits)', () => {
  const vectors: [seconds: number, eightDigits: string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];
  for (const [seconds, eightDigits] of vectors) {
    assert.equal(totpCode(RFC_SECRET, totpStep(seconds * 1000)), eightDigits.slice(2), `T = ${seconds}`);
  }
});

test('the previous, current and next step are accepted; two steps away and malformed codes are not', () => {
  const now = 1_800_000_000_000;
  const step = totpStep(now);
  for (const offset of [-1, 0, 1]) {
    assert.equal(matchingTotpStep(RFC_SECRET, totpCode(RFC_SECRET, step + offset), now), step + offset);
  }
  for (const offset of [-2, 2]) {
    const code = totpCode(RFC_SECRET, step + offset);
    const neighbours = [-1, 0, 1].map((near) => totpCode(RFC_SECRET, step + near));
    if (!neighbours.includes(code)) assert.equal(matchingTotpStep(RFC_SECRET, code, now), null);
  }
  for (const malformed of ['', '12345', '1234567', 'abcdef', ' 12345']) {
    assert.equal(matchingTotpStep(RFC_SECRET, malformed, now), null);
  }
});

test('a new secret is 160 random bits in base32, as authenticator apps read it', () => {
  const secret = newTotpSecret();
  assert.match(secret, /^[A-Z2-7]{32}$/);
  assert.notEqual(secret, newTotpSecret());
  assert.match(totpCode(secret), /^\d{6}$/);
});
