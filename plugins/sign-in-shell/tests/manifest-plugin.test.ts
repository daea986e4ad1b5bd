import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { assetsReferencedBy, assetsReferencedByCss, inlineScriptHashes } from '..';

test('the shell is what the sign-in page loads, not what it links to', () => {
  const html = [
    '<link rel=stylesheet href=/assets/css/styles.0123abcd.css>',
    '<link data-rh=true rel=icon href=/img/favicon.svg />',
    '<link rel="preload" as="image" href="/img/logo.svg?v=2">',
    '<link rel=canonical href=https://handbook.example.com/sign-in>',
    '<link rel=alternate href=/sign-in hreflang=en>',
    '<script src=/assets/js/runtime~main.0123abcd.js defer></script>',
    '<img src=\'/img/logo-dark.svg\' alt="">',
    '<a href=/arc/architecture>Architecture</a>',
    '<script src=//cdn.example.com/x.js></script>',
  ].join('');
  assert.deepEqual(assetsReferencedBy(html), [
    'assets/css/styles.0123abcd.css',
    'img/favicon.svg',
    'img/logo.svg',
    'assets/js/runtime~main.0123abcd.js',
    'img/logo-dark.svg',
  ]);
});

test('a stylesheet brings its fonts and images, not data URIs', () => {
  const css =
    '@font-face{src:url(../fonts/inter.0123abcd.woff2) format("woff2")}' +
    '.a{background:url("data:image/svg+xml;utf8,<svg x=\\"0\\">")}' +
    ".b{background:url( '/img/bg.png' )}.c{mask:url(#m)}";
  assert.deepEqual(assetsReferencedByCss(css, 'assets/css/styles.css'), [
    'assets/fonts/inter.0123abcd.woff2',
    'img/bg.png',
  ]);
});

test('inline scripts that run are hashed for the CSP; data blocks and external scripts are not', () => {
  const body = 'document.documentElement.dataset.theme="dark"';
  const html = `<script>${body}</script><script type=application/ld+json>{"a":1}</script><script src=/x.js></script>`;
  assert.deepEqual(inlineScriptHashes(html), [`'sha256-${createHash('sha256').update(body).digest('base64')}'`]);
});
