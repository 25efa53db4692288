export interface PageRequest {
  limit: number;
  offset: number;
}

/** `count` is the number of rows in this response, never a total (spec 01). */
export function envelope<T>(data: T[], page: PageRequest) {
  return { data, pagination: { limit: page.limit, offset: page.offset, count: data.length } };
}
