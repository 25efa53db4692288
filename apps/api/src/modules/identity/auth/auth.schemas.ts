import { z } from 'zod';
import { normalizeMobile } from '@wfm/core/identity';
import { isValidTimezone } from '@wfm/core/tenancy';

/** Password policy for every password a person chooses: 10 to 128 characters, nothing else. */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
export const newPassword = () => z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const LoginBody = z.strictObject({
  identifier: z.string().min(1).max(320),
  password: z.string().min(1).max(PASSWORD_MAX),
  /** Narrows sign-in to one tenant when the identifier has accounts in several. */
  tenantSlug: z.string().min(1).max(64).optional(),
});

export const RefreshTokenBody = z.strictObject({ refreshToken: z.string().min(1) });

export const SignupBody = z.strictObject({
  companyName: z.string().trim().min(1).max(120),
  fullName: z.string().trim().min(1).max(120),
  email: z.email().max(254),
  password: newPassword(),
  timezone: z.string().refine(isValidTimezone, 'must be a valid IANA time zone').optional(),
  mobile: z
    .string()
    .refine((v) => normalizeMobile(v) !== null, 'must be a valid mobile number')
    .optional(),
});

export const ForgotPasswordBody = z.strictObject({ identifier: z.string().min(1).max(320) });

export const ResetPasswordBody = z.strictObject({ token: z.string().min(1).max(512), password: newPassword() });

export const VerifyEmailBody = z.strictObject({ token: z.string().min(1).max(512) });

export const InviteParams = z.strictObject({ code: z.string() });

export const RedeemInviteBody = z.strictObject({ password: newPassword() });

export const TokenPairDto = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  accessExpiresIn: z.string(),
  refreshExpiresIn: z.string(),
  tokenType: z.literal('Bearer'),
});

export const SignupAcceptedDto = z.object({ verificationSent: z.literal(true) });

export const SuccessDto = z.object({ success: z.literal(true) });
