/** As the door who-where report (spec 02, Limits): a quarter of local days at most. */
export const MAX_REPORT_DAYS = 92;
/** Rows one report answers at most; more is 422 REPORT_TOO_LARGE rather than an answer cut short. */
export const MAX_REPORT_ROWS = 5000;
/** Source records (clock records, shifts) one report reads at most, for the same answer. */
export const MAX_SOURCE_ROWS = 50_000;
