/**
 * Imported first by `playwright.dev.config.ts`, for its effect: the dev-server suite's identity
 * service port is HANDBOOK_IDENTITY_PORT (from the environment or `.env`), else 9239, never the 9229
 * of an `npm start` someone left running. Set before `core/local-pool.ts` loads, since it reads the
 * port as it loads; `npm start`, which the suite runs, and the test workers inherit it.
 */
import '../core/load-env';

process.env.HANDBOOK_IDENTITY_PORT ??= '9239';
