import { z } from 'zod';
import type { ApiRouter } from '../../../http/api-router.js';
import { created, ok } from '../../../http/api-router.js';
import { currentKiosk, currentUser } from '../../../http/auth.guard.js';
import { AttendanceDto } from '../attendance/attendance.schemas.js';
import { toAttendanceDto } from '../attendance/attendance.service.js';
import type { KiosksService } from './kiosks.service.js';
import { CreateKioskBody, KioskClockBody, KioskCreatedDto, KioskDto, KioskParams, KioskWorkerDto, SetPinBody, UserParams } from './kiosks.schemas.js';
import { EVERY_ROLE, MANAGERS, OUTLET_ADMINS } from '@wfm/core/role-sets';

const TAGS = ['kiosks'];
/** Issue 17: kiosks are registered by those who run outlets, an outlet manager for their own outlets. */
const KIOSK_KEEPERS = [...OUTLET_ADMINS, 'OUTLET_MANAGER'] as const;

export function kiosksRoutes(r: ApiRouter, kiosks: KiosksService): void {
  r.post(
    '/kiosks',
    {
      summary: 'Register a kiosk device for an outlet; its token is answered once (only a hash is kept)',
      tags: TAGS,
      auth: { kind: 'user', roles: KIOSK_KEEPERS },
      body: CreateKioskBody,
      responses: { 201: { description: 'The kiosk and its token', schema: KioskCreatedDto }, 404: { description: 'No active outlet with this id (in your outlets)' } },
    },
    async ({ req, body }) => created(await kiosks.create(currentUser(req), body)),
  );
  r.get('/kiosks', { summary: 'Kiosk devices (an outlet-scoped manager sees those of their outlets)', tags: TAGS, auth: { kind: 'user', roles: KIOSK_KEEPERS }, responses: { 200: { description: 'Kiosks', schema: z.array(KioskDto) } } }, async ({ req }) =>
    ok(await kiosks.list(currentUser(req))),
  );
  r.delete(
    '/kiosks/:id',
    { summary: "Revoke a kiosk device: its token stops working at once", tags: TAGS, auth: { kind: 'user', roles: KIOSK_KEEPERS }, params: KioskParams, responses: { 204: { description: 'Revoked' }, 404: { description: 'No such kiosk' } } },
    async ({ req, params }) => {
      await kiosks.revoke(currentUser(req), params.id);
      return { status: 204 };
    },
  );

  r.put(
    '/kiosk-pin',
    { summary: 'Set your own kiosk PIN (4 to 8 digits, not one digit repeated nor a run such as 1234); lifts a lock-out', tags: TAGS, auth: { kind: 'user', roles: EVERY_ROLE }, body: SetPinBody, responses: { 204: { description: 'Set' } } },
    async ({ req, body }) => {
      await kiosks.setPin(currentUser(req), body.pin);
      return { status: 204 };
    },
  );
  r.delete('/kiosk-pin', { summary: 'Remove your own kiosk PIN', tags: TAGS, auth: { kind: 'user', roles: EVERY_ROLE }, responses: { 204: { description: 'Removed' } } }, async ({ req }) => {
    await kiosks.removeOwnPin(currentUser(req));
    return { status: 204 };
  });
  r.delete(
    '/users/:id/kiosk-pin',
    { summary: "Clear someone's kiosk PIN (forgotten or locked out); they set a new one", tags: TAGS, auth: { kind: 'user', roles: MANAGERS }, params: UserParams, responses: { 204: { description: 'Cleared' }, 404: { description: 'No such user (in your outlets)' } } },
    async ({ req, params }) => {
      await kiosks.removePinOf(currentUser(req), params.id);
      return { status: 204 };
    },
  );

  r.get(
    '/kiosk/workers',
    { summary: "Who can clock at this kiosk: people with a shift at its outlet today (the outlet's day), or clocked in there; names and ids only", tags: TAGS, auth: { kind: 'kiosk' }, responses: { 200: { description: 'Workers', schema: z.array(KioskWorkerDto) } } },
    async ({ req }) => ok(await kiosks.workers(currentKiosk(req))),
  );
  r.post(
    '/kiosk/clock',
    {
      summary: 'Clock a worker in or out with their PIN, by the attendance rules of the app (a clock-out of an assigned shift fires shift.completed)',
      tags: TAGS,
      auth: { kind: 'kiosk' },
      body: KioskClockBody,
      responses: {
        201: { description: 'The attendance event: OPEN after IN; VERIFIED (with a shift) or PENDING_REVIEW after OUT', schema: AttendanceDto },
        403: { description: 'INVALID_PIN (with attempts left), PIN_NOT_SET, or POLICY_ACK_REQUIRED' },
        404: { description: 'Nobody with this id works at this outlet today' },
        409: { description: 'Already clocked in, or not clocked in' },
        429: { description: 'The PIN is locked after 5 wrong attempts: Retry-After says for how long' },
      },
    },
    async ({ req, body }) => created(toAttendanceDto(await kiosks.clockWorker(currentKiosk(req), body))),
  );
}
