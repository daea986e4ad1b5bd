/**
 * The one place the sign-in page's build reaches into Amplify UI's internals: the dictionaries
 * module of `@aws-amplify/ui`, patched by shape, and the one user of `qrcode` in
 * `@aws-amplify/ui-react`, its TOTP setup screen. Loading this module stops the build when either
 * package is not the version this was written for (core/dependency-seams.ts), and each patch stops
 * it, naming what changed, when the module no longer has the expected shape.
 */
import '../../core/installed-seams';
import { readFile } from 'node:fs/promises';
import type * as esbuild from 'esbuild';
import type { HandbookAuthConfig } from '../../core/amplify-config';
import { DEPENDENCY_SEAMS, installedVersion } from '../../core/dependency-seams';

/** Amplify UI's dictionaries: one module that copies each of its 21 languages when it loads. */
const AMPLIFY_UI_DICTIONARIES = /@aws-amplify[\\/]ui[\\/]dist[\\/]esm[\\/]i18n[\\/]dictionaries[\\/]index\.mjs$/;
const LANGUAGE_COPY = /= \{\s*\.\.\.(\w+\$1),?\s*(?:\/\/[^\n]*\n\s*)?\};/g;
const LANGUAGES = 21;

/**
 * The page reads no translation: the handbook never calls `I18n.putVocabularies`, so the form is
 * in Amplify UI's English default texts. But a copy written `{ ...dictionary }` may have side
 * effects as far as esbuild knows, so every language stays in the script, about 100 KB of it.
 * Marked pure, the copies nothing reads are dropped. A change in that module fails the build.
 */
export function unreadTranslations(): esbuild.Plugin {
  return {
    name: 'sign-in-app-unread-translations',
    setup(build) {
      build.onLoad({ filter: AMPLIFY_UI_DICTIONARIES }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        let copies = 0;
        const contents = source.replace(LANGUAGE_COPY, (_copy, dictionary: string) => {
          copies += 1;
          return `= /* @__PURE__ */ Object.assign({}, ${dictionary});`;
        });
        if (copies !== LANGUAGES) {
          const { writtenFor } = DEPENDENCY_SEAMS['@aws-amplify/ui'];
          throw new Error(
            `Sign-in page: expected ${LANGUAGES} language copies in ${args.path}, found ${copies}; Amplify UI changed how it loads its dictionaries ` +
              `(written for @aws-amplify/ui ${writtenFor}, installed ${installedVersion('@aws-amplify/ui')}). ` +
              `Re-check the copies' shape (LANGUAGE_COPY) in plugins/sign-in-shell/amplify-ui-internals.ts, or drop the patch if the module has none.`,
          );
        }
        return { contents, loader: 'js' };
      });
    },
  };
}

/** Amplify UI's TOTP setup screen: as of @aws-amplify/ui-react 6.15.6, the one importer of `qrcode`. */
const TOTP_SETUP =
  /@aws-amplify[\\/]ui-react[\\/]dist[\\/]esm[\\/]components[\\/]Authenticator[\\/]SetupTotp[\\/]SetupTotp\.mjs$/;

/**
 * With MFA off the form never shows Amplify UI's TOTP setup, which draws its QR code with `qrcode`'s
 * `toDataURL`: the page carries, in its place, a module that refuses to draw a code. With MFA on,
 * the real one. Any other importer of `qrcode` stops the build: the stand-in would break it.
 */
export function withoutQrCodesWhileMfaIsOff(auth: HandbookAuthConfig): esbuild.Plugin {
  const mfa = auth.amplify.Auth?.Cognito.mfa?.status ?? 'off';
  return {
    name: 'sign-in-app-without-qr-codes',
    setup(build) {
      if (mfa !== 'off') return;
      build.onResolve({ filter: /^qrcode$/ }, (args) => {
        if (!TOTP_SETUP.test(args.importer)) {
          const { writtenFor } = DEPENDENCY_SEAMS['@aws-amplify/ui-react'];
          throw new Error(
            `Sign-in page: ${args.importer} imports qrcode, which the page replaces while MFA is off on the grounds that only Amplify UI's TOTP setup ` +
              `(SetupTotp.mjs, as of @aws-amplify/ui-react ${writtenFor}) uses it. Re-check withoutQrCodesWhileMfaIsOff in plugins/sign-in-shell/amplify-ui-internals.ts.`,
          );
        }
        return { path: 'qrcode', namespace: 'mfa-off' };
      });
      build.onLoad({ filter: /.*/, namespace: 'mfa-off' }, () => ({
        contents: `export default { toDataURL: () => Promise.reject(new Error('No QR code: MFA is off (core/amplify-config.ts)')) };`,
        loader: 'js',
      }));
    },
  };
}
