import { errorStatus, type ErrorCode } from '@rankwise/contract/errors';

/** A failure the client should see: its message is shown as is, its code picks the status. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.statusCode = errorStatus[code];
  }
}
