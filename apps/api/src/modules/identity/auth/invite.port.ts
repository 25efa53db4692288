/**
 * What the users module needs from auth: send a newly created user (with an email but no password)
 * a single-use invite code to set their password via POST /auth/invite/:code/redeem.
 * Called after the user row is committed.
 */
export interface UserInviter {
  issueInvite(user: { id: string; tenantId: string; email: string; fullName: string }): Promise<void>;
}
