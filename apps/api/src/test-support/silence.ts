import { expect } from 'chai';
import type { DataSource } from '@wfm/db/data-source';
import type { EventCode } from '@wfm/events/catalog';

/** An event a witness path must record: its type and the payload fields that identify it. */
export interface WitnessEvent {
  type: EventCode;
  payload: Record<string, unknown>;
}

/**
 * Spec 03 names paths that must not fire an event. Runs the silent path, then a witness path that
 * must fire, and expects the tenant's new events of the given types to be exactly the witness's:
 * a silent path that fires fails the test, and so does a reading of the outbox that could not
 * have seen an event at all (the witness would be missing).
 */
export async function expectSilentBesideWitness(
  ds: DataSource,
  tenantId: string,
  types: readonly EventCode[],
  silent: () => Promise<unknown>,
  witness: () => Promise<WitnessEvent[]>,
): Promise<void> {
  const read = async (): Promise<Array<{ id: string; type: EventCode; payload: Record<string, unknown> }>> =>
    ds.query(`SELECT id, type, payload FROM domain_events WHERE tenant_id = $1 AND type = ANY($2::text[]) ORDER BY occurred_at, id`, [tenantId, types]);
  const before = new Set((await read()).map((e) => e.id));
  await silent();
  const expected = await witness();
  expect(expected, 'the witness must name at least one event it fires').to.not.be.empty;
  const fired = (await read()).filter((e) => !before.has(e.id));
  expect(fired.map((e) => e.type), 'events recorded by the silent path and the witness').to.have.members(expected.map((e) => e.type));
  for (const w of expected) {
    expect(fired.some((e) => e.type === w.type && Object.entries(w.payload).every(([k, v]) => e.payload[k] === v)), `the witness's ${w.type} ${JSON.stringify(w.payload)}`).to.equal(true);
  }
}
