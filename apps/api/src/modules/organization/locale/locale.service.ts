import type { Clock } from '@wfm/core/clock';
import { NotFoundError } from '@wfm/core/errors';
import { localeOfZone } from '@wfm/core/locale';
import type { Actor } from '@wfm/core/principal';
import type { LocaleRepository, LocaleRow } from './locale.repository.js';
import type { MyLocaleDto, UpdateMyLocaleBody } from './locale.schemas.js';

function toDto(row: LocaleRow): MyLocaleDto {
  const tenantLanguage = row.tenantLanguage as MyLocaleDto['tenantLanguage'];
  const ownLanguage = row.ownLanguage as MyLocaleDto['ownLanguage'];
  return {
    timezone: row.timezone,
    locale: (row.locale as MyLocaleDto['locale'] | null) ?? localeOfZone(row.timezone),
    language: ownLanguage ?? tenantLanguage,
    ownLanguage,
    tenantLanguage,
  };
}

/** What the console needs to speak to a person and write for their company: every role reads and sets their own. */
export class LocaleService {
  constructor(
    private readonly repo: LocaleRepository,
    private readonly clock: Clock,
  ) {}

  async mine(actor: Actor): Promise<MyLocaleDto> {
    const row = await this.repo.of(actor.tenantId, actor.userId);
    if (!row) throw new NotFoundError('User not found');
    return toDto(row);
  }

  async setMine(actor: Actor, body: UpdateMyLocaleBody): Promise<MyLocaleDto> {
    if (!(await this.repo.setLanguage(actor.tenantId, actor.userId, body.language, this.clock.now()))) throw new NotFoundError('User not found');
    return this.mine(actor);
  }
}
