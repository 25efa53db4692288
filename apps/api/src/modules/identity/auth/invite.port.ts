/**
 * What the users module needs from auth: send a newly created user without a password a single-use
 * invite code to set it via POST /auth/invite/:code/redeem, by mail, or by text message to a
 * person who has only a mobile number.
 * Called after the user row is committed.
 */
export interface UserInviter {
  issueInvite(user: { id: string; tenantId: string; email: string | null; mobile: string | null; fullName: string }): Promise<void>;
}
