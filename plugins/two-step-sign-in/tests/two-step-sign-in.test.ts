import assert from 'node:assert/strict';
import { test } from 'node:test';
import { THEME_NAME } from '../../../src/components/SignInForm/theme';
import { twoStepSignInCss } from '..';

test('the dialog’s stylesheet holds Amplify UI’s layered rules for its primitives and the handbook theme', async () => {
  const css = await twoStepSignInCss(process.cwd());
  assert.doesNotMatch(css, /@import/, 'every imported sheet is inlined');
  for (const rule of ['@layer amplify', '.amplify-button', '.amplify-alert', '.amplify-input', '.amplify-loader']) {
    assert.ok(css.includes(rule), rule);
  }
  assert.ok(css.includes(`[data-amplify-theme="${THEME_NAME}"]`), 'the theme’s own tokens');
  assert.ok(
    css.indexOf('@layer amplify') < css.indexOf(`[data-amplify-theme="${THEME_NAME}"]`),
    'the theme comes last',
  );
});
