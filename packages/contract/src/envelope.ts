/** Every response of the API: `{ status, message, data }` (DESIGN.md, "The wire contract"). */
export type TEnvelope<T> = { status: number; message: string; data: T };

/** The spec's status for a company in maintenance (sent with HTTP 503). */
export const STATUS_MAINTENANCE = 300;
export const STATUS_DUPLICATE = 409;

export type TFieldError = { field: string; message: string };
