/**
 * How the local identity service's log reads in `npm start`'s output. cognito-local logs every
 * request it refuses (a wrong password, a wrong confirmation code) at warn with the error object,
 * and pino-pretty prints that object's stack: a wrong password put a dozen lines of stack trace
 * between the confirmation codes a reader is told to look for (newcomer review 3). A refusal is an
 * answer, not a fault of the service: one line, naming the operation, the error and its message.
 * Anything else logged with an error keeps its stack.
 */
import type { LogFn, Logger } from 'pino';
import { CognitoError } from './cognito-local';

/** pino's `hooks.logMethod`: rewrites `log(cognitoError, message)` to one line of text. */
export function refusalsOnOneLine(this: Logger, args: unknown[], method: LogFn): void {
  const [first, message] = args;
  const line =
    first instanceof CognitoError
      ? `${typeof message === 'string' ? `${message}: ` : ''}${first.code}: ${first.message}`
      : undefined;
  method.apply(this, line === undefined ? (args as Parameters<LogFn>) : [line]);
}
