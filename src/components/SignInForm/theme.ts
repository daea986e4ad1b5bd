/**
 * Amplify UI in the site's colours (those of src/css/custom.css): its primary scale, and in dark
 * mode a lighter link colour, both at WCAG AA contrast on their backgrounds.
 *
 * Turned into CSS when the sign-in page is built (plugins/sign-in-shell/sign-in-app.ts), not in the browser:
 * Amplify UI's ThemeProvider computes every token of the theme on each load, some 80 ms of a
 * phone's main thread before the form can show.
 */
import { createTheme, defaultDarkModeOverride, defaultTheme } from '@aws-amplify/ui';
import type { DefaultTheme, Theme } from '@aws-amplify/ui';

export const THEME_NAME = 'handbook';

const theme: Theme = {
  name: THEME_NAME,
  tokens: {
    colors: {
      primary: {
        10: '#eaf3fc',
        20: '#cfe3f8',
        40: '#8cc4ff',
        60: '#2e7fd1',
        80: '#0b5cad',
        90: '#094e93',
        100: '#063a6e',
      },
    },
    fonts: {
      default: { variable: 'var(--ifm-font-family-base)', static: 'var(--ifm-font-family-base)' },
    },
  },
  overrides: [
    defaultDarkModeOverride,
    {
      // Dark mode draws primary buttons with dark text: give them the light blue of the site's dark
      // theme. The light tints (10, 20) are the background of a link button hovered, focused or
      // pressed ("Forgot your password?", "Back to Sign In"), under light blue text in dark mode:
      // dark tints there, as Amplify UI's own dark scales have.
      colorMode: 'dark',
      tokens: {
        colors: {
          primary: { 10: '#0d2a4a', 20: '#133a66', 80: '#8cc4ff', 90: '#add5ff', 100: '#cfe3f8' },
          font: { interactive: '#8cc4ff' },
        },
      },
    },
  ],
};

/**
 * The CSS of the theme's own tokens, scoped to `[data-amplify-theme="handbook"]` and its colour
 * modes. Only what the theme sets: Amplify UI's stylesheet already defines every default token
 * on `[data-amplify-theme]`, inside a cascade layer that this unlayered CSS wins over.
 */
export function themeStylesheet(): string {
  // createTheme merges the theme into a base theme and writes every token of the result: on a base
  // without tokens, that is the theme's own.
  const base: DefaultTheme = { ...defaultTheme, tokens: {} as DefaultTheme['tokens'], animations: undefined };
  return createTheme(theme, base).cssText;
}
