import { ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { EVERY_ROLE } from '@wfm/core/role-sets';
import type { LocaleService } from './locale.service.js';
import { MyLocaleDto, UpdateMyLocaleBody } from './locale.schemas.js';

const TAGS = ['language and locale'];

export function localeRoutes(r: ApiRouter, locale: LocaleService): void {
  r.get(
    '/me/locale',
    {
      summary: "The caller's language (their own, else the tenant's) and the tenant's time zone and locale, which the console writes dates and amounts in",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      responses: { 200: { description: 'Language, locale and time zone', schema: MyLocaleDto } },
    },
    async ({ req }) => ok(await locale.mine(currentUser(req))),
  );

  r.patch(
    '/me/locale',
    {
      summary: "Choose the caller's own language, or (null) follow the tenant's",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      body: UpdateMyLocaleBody,
      responses: { 200: { description: 'Language, locale and time zone after the change', schema: MyLocaleDto } },
    },
    async ({ req, body }) => ok(await locale.setMine(currentUser(req), body)),
  );
}
