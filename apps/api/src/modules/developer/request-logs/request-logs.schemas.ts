import { z } from 'zod';
import { offsetEnvelopeSchema, offsetListQuery } from '../../../http/public-list.js';
import { isoInstant } from '../../../http/validation.js';

/** `failed` is every answer from 400 up: the quickest way to the calls that went wrong. */
export const STATUS_FILTERS = ['2xx', '3xx', '4xx', '5xx', 'failed'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const RequestLogsQuery = offsetListQuery({
  status: z.enum(STATUS_FILTERS).optional().meta({ description: 'A status class, or `failed` for every 4xx and 5xx answer' }),
  path: z.string().trim().min(1).max(200).optional().meta({ description: 'Part of the path, matched without regard to case' }),
  method: z.enum(METHODS).optional(),
  requestId: z.string().min(1).max(80).optional().meta({ description: 'Exactly the X-Request-Id of the answer' }),
  from: isoInstant().optional().meta({ description: 'Requests made at or after this instant' }),
  to: isoInstant().optional().meta({ description: 'Requests made before this instant' }),
});
export type RequestLogsQuery = z.infer<typeof RequestLogsQuery>;

export const RequestLogDto = z.object({
  id: z.uuid(),
  method: z.string(),
  path: z.string().meta({ description: 'The path as sent, without the query string, secret segments replaced by `:redacted`' }),
  route: z.string().nullable().meta({ description: 'The route it matched, as declared (`/public/shifts/:id`); null when none did' }),
  status: z.number().int().meta({ description: '499 when the client went away before the answer was sent' }),
  durationMs: z.number().int(),
  requestId: z.string().meta({ description: "The answer's X-Request-Id: the `requestId` of the server's log lines for this request" }),
  errorCode: z.string().nullable().meta({ description: 'The `code` or `error` of an error answer (`Not Found`, `ModuleNotEntitled`); null for a success' }),
  occurredAt: z.iso.datetime(),
});
export type RequestLogDto = z.infer<typeof RequestLogDto>;

export const RequestLogsPage = offsetEnvelopeSchema(RequestLogDto);
