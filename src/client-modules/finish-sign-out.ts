/**
 * Finishes, as a page of the handbook loads, a sign-out that an earlier page could not (offline, or
 * the sign-out route's answer lost): src/auth/pending-sign-out.ts. The sign-in page does the same
 * before it shows its form (src/sign-in-app/index.tsx).
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { finishSignOutHere } from '@site/src/auth/sign-out';

if (ExecutionEnvironment.canUseDOM) void finishSignOutHere();
