/** Spec 01's error body. */
export interface ErrorBody {
  message: string | string[];
  error: string;
  statusCode: number;
}

/** An API answer other than 2xx, with the body spec 01 gives every error (some add `code`, e.g. POLICY_ACK_REQUIRED). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | undefined,
  ) {
    super(describe(status, body));
  }
}

/** For logs and developers; what a person reads comes from errorText (error-text.ts), in their language. */
function describe(status: number, body: ErrorBody | undefined): string {
  if (!body) return `The server answered ${status}.`;
  return Array.isArray(body.message) ? body.message.join('; ') : body.message;
}

/**
 * The data of an openapi-fetch answer, or an ApiError. Every call site goes through this, so a
 * failed request is an exception TanStack Query reports rather than undefined data.
 */
export async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new ApiError(response.status, isErrorBody(error) ? error : undefined);
  return data as T;
}

function isErrorBody(v: unknown): v is ErrorBody {
  return typeof v === 'object' && v !== null && 'statusCode' in v && 'message' in v;
}

/** How far an access change reached the door daemons when the API answered (spec 02, X-Access-Propagation). */
export type Propagation = 'complete' | 'partial';

/** `ok`, with the propagation the API reported for an access change. */
export async function okPropagated<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<{ data: T; propagation: Propagation }> {
  const answer = await call;
  const data = await ok(Promise.resolve(answer));
  return { data, propagation: answer.response.headers.get('x-access-propagation') === 'partial' ? 'partial' : 'complete' };
}
