/**
 * The one place the sign-in page's build reaches into Amplify UI's internals: its dictionaries
 * module, patched by shape. Loading this module stops the build when `@aws-amplify/ui` is not the
 * version the patch was written for (core/dependency-seams.ts), and the patch stops it, naming what
 * changed, when the module no longer has the expected shape.
 */
import '../../core/installed-seams';
import { readFile } from 'node:fs/promises';
import type * as esbuild from 'esbuild';
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
