import type { operations } from '@wfm/api-client/client';

type Answer<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body an operation answers with on success (its 200 or 201), from the OpenAPI document. */
export type Ok<K extends keyof operations> = operations[K]['responses'] extends infer R
  ? R extends { 200: infer A }
    ? Answer<A>
    : R extends { 201: infer A }
      ? Answer<A>
      : never
  : never;

/** An operation's JSON request body. */
export type Body<K extends keyof operations> = operations[K] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** An operation's query parameters. */
export type Query<K extends keyof operations> = NonNullable<operations[K]['parameters']['query']>;
