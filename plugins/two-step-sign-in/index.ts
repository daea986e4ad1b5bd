/**
 * The "Two-step sign-in" dialog's styles (src/components/TwoStepSignIn): Amplify UI's layered
 * stylesheets for the primitives it draws and the sign-in form's theme, as one CSS text the dialog
 * puts in a style element when it opens. Not imported as CSS: Docusaurus gathers every imported
 * stylesheet into the one `styles.css` every page loads, which took Amplify UI's tokens and
 * component rules (about 170 KiB, 18 KiB compressed) onto every page for a dialog few open. Made
 * here with esbuild (already the sign-in page's bundler), as module data the dialog's chunk imports.
 */
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { themeStylesheet } from '../../src/components/SignInForm/theme';

export const PLUGIN_NAME = 'two-step-sign-in-styles';

/** The dialog's stylesheet: the Amplify UI sheets `amplify-ui.css` imports, then the theme's tokens. */
export async function twoStepSignInCss(siteDir: string): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [path.join(siteDir, 'src/components/TwoStepSignIn/amplify-ui.css')],
    absWorkingDir: siteDir,
    bundle: true,
    write: false,
    minify: true,
    logLevel: 'silent',
  });
  return result.outputFiles.map((file) => file.text).join('') + themeStylesheet();
}

export default function twoStepSignInStylesPlugin(context: LoadContext): Plugin {
  return {
    name: PLUGIN_NAME,
    async contentLoaded({ actions }) {
      // Read back as @generated/two-step-sign-in-styles/default/styles.json (src/components/TwoStepSignIn/styles-data.d.ts).
      await actions.createData('styles.json', JSON.stringify({ css: await twoStepSignInCss(context.siteDir) }));
    },
  };
}
