/**
 * Imported first, for its effect, by every command's entry point: `.env` is read before any module
 * reads the environment. Some read it as they load (`local-pool.ts` takes HANDBOOK_IDENTITY_PORT),
 * so reading `.env` in an entry point's body came too late: `npm start` said it read the port, then
 * started the identity service on 9229 while the site called the `.env` port (newcomer review 4).
 * `tests/env-ports.test.ts` holds every entry point to it.
 */
import { loadEnvFile } from './env-file';

loadEnvFile();
