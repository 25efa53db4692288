import type { ApiRouter } from '../../../http/api-router.js';
import { created, ok } from '../../../http/api-router.js';
import type { AuthService } from './auth.service.js';
import type { EmailVerificationService } from './email-verification.service.js';
import type { InviteService } from './invite.service.js';
import type { PasswordResetService } from './password-reset.service.js';
import type { SessionService } from './session.service.js';
import {
  ForgotPasswordBody,
  InviteParams,
  LoginBody,
  RedeemInviteBody,
  RefreshTokenBody,
  ResetPasswordBody,
  SignupAcceptedDto,
  SignupBody,
  SuccessDto,
  TokenPairDto,
  VerifyEmailBody,
} from './auth.schemas.js';

const TAGS = ['auth'];
const UNAUTHORIZED = { description: 'Invalid credentials or token' };
const THROTTLED = { description: 'Rate limited' };
const HASHING_BUSY = { description: 'Password hashing is saturated; retry after Retry-After seconds' };

export interface AuthServices {
  auth: AuthService;
  sessions: SessionService;
  passwordReset: PasswordResetService;
  invites: InviteService;
  verification: EmailVerificationService;
}

/** Spec 01, "Routes that take no user JWT": the caller is identified by what the body carries. */
export function authRoutes(r: ApiRouter, s: AuthServices): void {
  r.post(
    '/auth/login',
    {
      summary: 'Sign in with an email address or mobile number and a password',
      tags: TAGS,
      auth: { kind: 'none' },
      body: LoginBody,
      responses: { 200: { description: 'Token pair', schema: TokenPairDto }, 401: UNAUTHORIZED, 429: THROTTLED, 503: HASHING_BUSY },
    },
    async ({ body }) => ok(await s.auth.login(body.identifier, body.password, body.tenantSlug)),
  );

  r.post(
    '/auth/refresh',
    {
      summary: 'Exchange a refresh token for a new token pair (the presented token is used up)',
      tags: TAGS,
      auth: { kind: 'none' },
      body: RefreshTokenBody,
      responses: { 200: { description: 'Token pair', schema: TokenPairDto }, 401: UNAUTHORIZED, 429: THROTTLED },
    },
    async ({ body }) => ok(await s.sessions.rotate(body.refreshToken)),
  );

  r.post(
    '/auth/logout',
    {
      summary: 'End the session a refresh token belongs to; succeeds even if it has already ended',
      tags: TAGS,
      auth: { kind: 'none' },
      body: RefreshTokenBody,
      responses: { 200: { description: 'Signed out', schema: SuccessDto }, 429: THROTTLED },
    },
    async ({ body }) => {
      await s.sessions.close(body.refreshToken);
      return ok({ success: true });
    },
  );

  r.post(
    '/auth/signup',
    {
      summary: 'Create a company on the FREE plan with its owner, and mail the owner a link to verify the address; the owner signs in through that link',
      tags: TAGS,
      auth: { kind: 'none' },
      body: SignupBody,
      responses: { 201: { description: 'Created; verification link mailed', schema: SignupAcceptedDto }, 429: THROTTLED, 503: HASHING_BUSY },
    },
    async ({ body }) => created(await s.auth.signup(body)),
  );

  r.post(
    '/auth/verify-email',
    {
      summary: 'Verify the email address of a new company owner with the mailed token, and sign in',
      tags: TAGS,
      auth: { kind: 'none' },
      body: VerifyEmailBody,
      responses: {
        200: { description: 'Token pair', schema: TokenPairDto },
        400: { description: 'Validation failure, or the token is invalid, used or expired' },
        429: THROTTLED,
      },
    },
    async ({ body }) => ok(await s.verification.verify(body.token)),
  );

  r.post(
    '/auth/forgot-password',
    {
      summary: 'Mail a password-reset link; the answer is the same whether or not the account exists',
      tags: TAGS,
      auth: { kind: 'none' },
      body: ForgotPasswordBody,
      responses: { 200: { description: 'Accepted', schema: SuccessDto }, 429: THROTTLED },
    },
    async ({ body }) => {
      await s.passwordReset.request(body.identifier);
      return ok({ success: true });
    },
  );

  r.post(
    '/auth/reset-password',
    {
      summary: 'Set a new password with a reset token; ends every session of the user',
      tags: TAGS,
      auth: { kind: 'none' },
      body: ResetPasswordBody,
      responses: {
        200: { description: 'Password changed', schema: SuccessDto },
        400: { description: 'Validation failure, or the token is invalid, used or expired' },
        429: THROTTLED,
        503: HASHING_BUSY,
      },
    },
    async ({ body }) => {
      await s.passwordReset.reset(body.token, body.password);
      return ok({ success: true });
    },
  );

  r.post(
    '/auth/invite/:code/redeem',
    {
      summary: 'Choose a password with an invite code and sign in',
      tags: TAGS,
      auth: { kind: 'none' },
      params: InviteParams,
      body: RedeemInviteBody,
      responses: {
        200: { description: 'Token pair', schema: TokenPairDto },
        404: { description: 'Invite not found or expired' },
        429: THROTTLED,
        503: HASHING_BUSY,
      },
    },
    async ({ params, body }) => ok(await s.invites.redeem(params.code, body.password)),
  );
}
