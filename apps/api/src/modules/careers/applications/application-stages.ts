export const APPLICATION_STAGES = ['APPLIED', 'SCREENING', 'INTERVIEW', 'OFFER', 'HIRED', 'REJECTED', 'WITHDRAWN'] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];

/** The hiring pipeline, in order; REJECTED and WITHDRAWN leave it. */
const PIPELINE: readonly ApplicationStage[] = ['APPLIED', 'SCREENING', 'INTERVIEW', 'OFFER', 'HIRED'];
const OPEN: readonly ApplicationStage[] = ['APPLIED', 'SCREENING', 'INTERVIEW', 'OFFER'];

/**
 * Whether an application may move from one stage to another. Forward only: any later stage up to
 * OFFER (a small business often skips screening or interviews), HIRED only from OFFER (an offer is
 * made before someone is hired), REJECTED or WITHDRAWN from any open stage. A hire who backs out
 * before becoming a user may still be WITHDRAWN; once converted, the application is settled.
 * REJECTED and WITHDRAWN are final: a candidate who returns applies again.
 */
export function stageChangeAllowed(from: ApplicationStage, to: ApplicationStage, converted: boolean): boolean {
  if (from === to) return false;
  if (OPEN.includes(from)) {
    if (to === 'REJECTED' || to === 'WITHDRAWN') return true;
    if (to === 'HIRED') return from === 'OFFER';
    return PIPELINE.indexOf(to) > PIPELINE.indexOf(from);
  }
  return from === 'HIRED' && to === 'WITHDRAWN' && !converted;
}
