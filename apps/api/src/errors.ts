/**
 * The one error type that crosses the service boundary. `status` is the envelope status (and the
 * HTTP status, except maintenance); `message` is safe to show to the user.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
