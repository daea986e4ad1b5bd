import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clientKey } from '../client-address';

test('one machine is one client: an IPv6 host by its /64, a mapped IPv4 peer by its IPv4 address', () => {
  // Security review 3, finding 11: exact strings gave an IPv6 host 2^64 shares, a dual-stack peer two.
  assert.equal(clientKey('2001:db8:1:2::1'), clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
  assert.equal(clientKey('2001:db8:1:2::1'), '2001:db8:1:2::/64');
  assert.notEqual(clientKey('2001:db8:1:2::1'), clientKey('2001:db8:1:3::1'));
  assert.equal(clientKey('::1'), '0:0:0:0::/64');
  assert.equal(clientKey('::ffff:127.0.0.1'), '127.0.0.1');
  assert.equal(clientKey('::FFFF:10.0.0.7'), '10.0.0.7');
  assert.equal(clientKey('127.0.0.1'), '127.0.0.1');
  assert.notEqual(clientKey('127.0.0.1'), clientKey('127.0.0.2'));
  assert.equal(clientKey('fe80::1:2:3:4'), 'fe80:0:0:0::/64');
});
