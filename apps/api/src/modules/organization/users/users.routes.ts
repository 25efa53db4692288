import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { UsersService } from './users.service.js';
import {
  CreateUserBody,
  DeletedUserDto,
  ImportResultDto,
  ImportUsersBody,
  ListUsersQuery,
  UpdateUserBody,
  UserDto,
  UserIdParams,
  UserStatusBody,
} from './users.schemas.js';
import { propagated } from '../../access/feed/propagation.js';
import { EVERY_ROLE, MANAGERS, PEOPLE_ADMINS } from '@wfm/core/role-sets';

const TAGS = ['users'];
const E404 = { description: 'No live user with this id in the tenant' };
const E409 = { description: 'Email or mobile number already used by a live user of the tenant' };

export function usersRoutes(r: ApiRouter, users: UsersService): void {
  r.get(
    '/users',
    {
      summary: 'List live users, oldest first (an OUTLET_MANAGER sees themselves and the people of their outlets); page by raising offset until fewer than limit rows come back',
      tags: TAGS,
      auth: { kind: 'user', roles: MANAGERS },
      query: ListUsersQuery,
      looseQuery: true,
      responses: { 200: { description: 'A bare array, no total', schema: z.array(UserDto) } },
    },
    async ({ req, query }) => ok(await users.list(currentUser(req), query)),
  );

  r.post(
    '/users',
    {
      summary: 'Create a user; one with an email and no password is sent an invite',
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
      body: CreateUserBody,
      responses: {
        201: { description: 'The created user', schema: UserDto },
        403: { description: "Role not allowed, or the role to assign is above the caller's own or TENANT_GROUP_OWNER" },
        409: E409,
      },
    },
    async ({ req, body }) => created(await users.create(currentUser(req), body)),
  );

  r.post(
    '/users/bulk-import',
    {
      summary: 'Create up to 500 users at once, all or none; fires no user.created',
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
      body: ImportUsersBody,
      responses: {
        201: { description: 'Count and ids of the created users, in row order', schema: ImportResultDto },
        403: { description: "Role not allowed, or a row assigns a role above the caller's own" },
        409: { description: 'A row repeats an email or mobile of another row or of a live user; the message names the row' },
      },
    },
    async ({ req, body }) => created(await users.bulkImport(currentUser(req), body.rows)),
  );

  r.get(
    '/users/:id',
    {
      summary: 'One user; anyone may read themselves, an OUTLET_MANAGER also the people of their outlets',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      params: UserIdParams,
      responses: {
        200: { description: 'The user', schema: UserDto },
        403: { description: 'Role not allowed to read other users' },
        404: { description: "No live user with this id in the tenant, or (OUTLET_MANAGER) not at one of the caller's outlets" },
      },
    },
    async ({ req, params }) => ok(await users.get(currentUser(req), params.id)),
  );

  r.patch(
    '/users/:id',
    {
      summary: 'Change name, email, mobile, role or employee code',
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
      params: UserIdParams,
      body: UpdateUserBody,
      responses: {
        200: { description: 'The updated user', schema: UserDto },
        403: { description: "Role not allowed, the user's role is not below the caller's (editing oneself aside), the new role is above the caller's own, or the caller changes their own role" },
        404: E404,
        409: E409,
      },
    },
    async ({ req, params, body }) => ok(await users.update(currentUser(req), params.id, body)),
  );

  r.patch(
    '/users/:id/status',
    {
      summary: 'Activate or deactivate a user; deactivation ends their sessions at once',
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
      params: UserIdParams,
      body: UserStatusBody,
      responses: {
        200: { description: 'The updated user', schema: UserDto },
        403: { description: "Role not allowed, the user's role is not below the caller's, or the caller deactivates themselves" },
        404: E404,
      },
    },
    async ({ req, params, body }) => propagated(ok, await users.setStatus(currentUser(req), params.id, body.status)),
  );

  r.delete(
    '/users/:id',
    {
      summary: 'Remove a user (soft delete); ends their sessions and fires user.terminated',
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
      params: UserIdParams,
      responses: {
        200: { description: 'Removed', schema: DeletedUserDto },
        403: { description: "Role not allowed, the user's role is not below the caller's, or the caller removes themselves" },
        404: E404,
      },
    },
    async ({ req, params }) => propagated(ok, await users.remove(currentUser(req), params.id)),
  );
}
