import type { LimitRule } from '@wfm/memory/rate-limiter';

/**
 * Spec 01, Limits: the table, in one place. `path` is the Express route pattern relative
 * to /api/v1; a trailing `*` matches a prefix. First match wins; everything else gets DEFAULT.
 */
interface Row extends LimitRule {
  method: string;
  path: string;
}

const MIN = 60;

const TABLE: Row[] = [
  { method: 'POST', path: '/auth/login', points: 30, durationSeconds: MIN },
  { method: 'POST', path: '/auth/refresh', points: 30, durationSeconds: MIN },
  { method: 'POST', path: '/auth/signup', points: 5, durationSeconds: MIN },
  { method: 'POST', path: '/auth/forgot-password', points: 5, durationSeconds: MIN },
  { method: 'POST', path: '/auth/reset-password', points: 10, durationSeconds: MIN },
  // Not in spec 01 (added with email verification, issue 9): as for the other token route, reset-password.
  { method: 'POST', path: '/auth/verify-email', points: 10, durationSeconds: MIN },
  { method: 'POST', path: '/auth/invite/:code/redeem', points: 10, durationSeconds: 15 * MIN },
  { method: 'POST', path: '/access/visitors/:inviteCode/redeem', points: 5, durationSeconds: 5 * MIN },
  { method: 'POST', path: '/oauth/token', points: 30, durationSeconds: MIN },
  { method: 'GET', path: '/public/*', points: 60, durationSeconds: MIN },
  { method: 'POST', path: '/public/*', points: 10, durationSeconds: MIN },
  { method: 'PATCH', path: '/public/*', points: 10, durationSeconds: MIN },
  { method: 'DELETE', path: '/public/*', points: 10, durationSeconds: MIN },
  { method: 'POST', path: '/users/bulk-import', points: 6, durationSeconds: MIN },
  { method: 'POST', path: '/outlets/bulk-import', points: 6, durationSeconds: MIN },
  { method: 'POST', path: '/vendors/bulk-import', points: 6, durationSeconds: MIN },
  { method: 'POST', path: '/assets/bulk-import', points: 6, durationSeconds: MIN },
  { method: 'POST', path: '/asset-categories/bulk-import', points: 6, durationSeconds: MIN },
  { method: 'POST', path: '/api-keys', points: 10, durationSeconds: MIN },
  { method: 'POST', path: '/oauth-clients', points: 10, durationSeconds: MIN },
  // Not in spec 01: the accounting provider's OAuth redirect is public and writes on every call.
  { method: 'GET', path: '/payroll/accounting/callback', points: 10, durationSeconds: MIN },
  // Spec 01: single sign-on has limits of its own, not shown. Each start writes a state and each
  // return spends one, so they are held to what a person signing in needs; the lookup runs as
  // the sign-in page is typed in, and the exchange is the token route of the flow (as /auth/login).
  { method: 'GET', path: '/auth/sso/lookup', points: 60, durationSeconds: MIN },
  { method: 'POST', path: '/auth/sso/start', points: 20, durationSeconds: MIN },
  { method: 'GET', path: '/auth/sso/callback', points: 20, durationSeconds: MIN },
  { method: 'POST', path: '/auth/sso/saml/acs', points: 20, durationSeconds: MIN },
  { method: 'POST', path: '/auth/sso/exchange', points: 30, durationSeconds: MIN },
  { method: 'POST', path: '/auth/google/start', points: 20, durationSeconds: MIN },
  { method: 'GET', path: '/auth/google/callback', points: 20, durationSeconds: MIN },
  // Spec 01: /access/wallet/v1/* is per source address, like every route without a user JWT. Wallet
  // devices of a whole office may share one address, so the protocol routes keep the default; the
  // device log is unauthenticated and only writes to the server's log, so it is held much lower.
  { method: 'POST', path: '/access/wallet/v1/log', points: 10, durationSeconds: MIN },
  // Spec 01: kiosk routes are per source address. A busy entrance clocks a shift's worth of people
  // in a few minutes from one address, so the clock keeps the default 120; the PIN lock-out
  // (5 wrong, 15 minutes) is what bounds guessing, per person.
  // Not in spec 01: Meta sends the WhatsApp webhook handshake once, when the callback URL is saved;
  // this bounds guessing at the verify token. Its deliveries (POST) keep the default: Meta retries a 429.
  { method: 'GET', path: '/messaging/webhooks/whatsapp', points: 10, durationSeconds: MIN },
  // Issue 17, careers pages (spec 01: public, per address). Each application writes personal data
  // and each upload up to 5 MB of disk, so both are held to what one applicant needs, as signup is;
  // the page and posting reads keep the default.
  { method: 'POST', path: '/careers/:tenantSlug/jobs/:jobSlug/apply', points: 5, durationSeconds: MIN },
  { method: 'POST', path: '/careers/:tenantSlug/jobs/:jobSlug/apply/resume', points: 5, durationSeconds: MIN },
  // Spec 01: e-signature links have limits of their own, not shown. A signer opens a link a few
  // times and downloads a file of up to 10 MiB; signing is once per link and writes a PDF, so a
  // person signing a batch of documents fits and a token guesser or a flood does not.
  { method: 'GET', path: '/esign/public/:token', points: 60, durationSeconds: MIN },
  { method: 'GET', path: '/esign/public/:token/download', points: 20, durationSeconds: MIN },
  { method: 'POST', path: '/esign/public/:token/sign', points: 10, durationSeconds: 15 * MIN },
  // Issue 32, the webhook portal: its holder is not signed in, so it is counted per address. Its
  // reads keep the default; each write sends a request to the receiver or rotates the secret, which
  // an integrator does a few times a minute at most, so writes are held as /public's are.
  { method: 'POST', path: '/webhook-portal/*', points: 10, durationSeconds: MIN },
];

export const DEFAULT_LIMIT: LimitRule = { points: 120, durationSeconds: MIN };

/** Routes with no limit and no X-RateLimit headers. */
const UNLIMITED = new Set(['GET /health', 'GET /status']);

export interface ResolvedLimit {
  /** Counter name: one counter per endpoint, so callers are counted per endpoint. */
  name: string;
  rule: LimitRule;
}

export function limitFor(method: string, path: string): ResolvedLimit | null {
  const m = method.toUpperCase();
  if (UNLIMITED.has(`${m} ${path}`)) return null;
  const name = `${m} ${path}`;
  for (const row of TABLE) {
    if (row.method !== m) continue;
    const hit = row.path.endsWith('*') ? path.startsWith(row.path.slice(0, -1)) : row.path === path;
    if (hit) return { name, rule: { points: row.points, durationSeconds: row.durationSeconds } };
  }
  return { name, rule: DEFAULT_LIMIT };
}
