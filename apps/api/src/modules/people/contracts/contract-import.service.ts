import { uuid } from '@wfm/core/crypto';
import type { Tx } from '@wfm/db/transaction';
import type { ContractsRepository } from './contracts.repository.js';
import type { ImportContract } from './contracts.schemas.js';

/**
 * The bulk staff import's contracts, apart from ContractsService: the users module writes them in
 * its import and ContractsService deactivates users, so this half needs only the contracts table
 * and is made before the users service, which the rest of contracts is then made with.
 */
export class ContractImportService {
  constructor(private readonly repo: ContractsRepository) {}

  /** Created ACTIVE with their people; spec 03: no contract.created. */
  async importActive(tx: Tx, tenantId: string, byUserId: string, rows: Array<{ userId: string; contract: ImportContract }>, at: Date): Promise<void> {
    for (const { userId, contract } of rows) {
      await this.repo.insert(tx, {
        id: uuid(),
        tenantId,
        userId,
        jobTitle: contract.jobTitle,
        employmentType: contract.employmentType,
        status: 'ACTIVE',
        startDate: contract.startDate,
        endDate: contract.endDate ?? null,
        salaryMinor: null,
        currency: null,
        annualLeaveDays: 28,
        endReason: null,
        endedAt: null,
        createdByUserId: byUserId,
        createdAt: at,
        updatedAt: at,
      });
    }
  }
}
