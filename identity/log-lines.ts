/**
 * How the local identity service's log reads in `npm start`'s output. cognito-local logs every
 * request it refuses (a wrong password, a wrong confirmation code) at warn with the error object,
 * and pino-pretty prints that object's stack: a wrong password put a dozen lines of stack trace
 * between the confirmation codes a reader is told to look for (newcomer review 3). A refusal is an
 * answer, not a fault of the service: one line, naming the operation, the error and its message.
 * Anything else logged with an error keeps its stack. Each line starts with the time of day, not
 * the epoch milliseconds pino writes (newcomer review 4: `[1795885639302] WARN: Error handling
 * target: …`).
 */
import type { LogFn, Logger } from 'pino';
import type { PrettyOptions } from 'pino-pretty';
import { CognitoError } from './cognito-local';

/** pino-pretty's options for the service's lines: the local time of day, one line each. */
export const LINE_FORMAT: PrettyOptions = {
  translateTime: 'SYS:HH:MM:ss',
  ignore: 'pid,hostname,reqId',
  singleLine: true,
};

/** cognito-local's words for a refused request ("Error handling target: <operation>"), said plainly. */
function plainly(message: unknown): string {
  if (typeof message !== 'string') return '';
  const operation = /^Error handling target: (\w+)$/.exec(message)?.[1];
  return operation ? `${operation} refused: ` : `${message}: `;
}

/** pino's `hooks.logMethod`: rewrites `log(cognitoError, message)` to one line of text. */
export function refusalsOnOneLine(this: Logger, args: unknown[], method: LogFn): void {
  const [first, message] = args;
  const line = first instanceof CognitoError ? `${plainly(message)}${first.code}: ${first.message}` : undefined;
  method.apply(this, line === undefined ? (args as Parameters<LogFn>) : [line]);
}
