import type { Journal } from '../runs/payroll-engine.js';

/** Where the Xero app of this platform is: operator settings, never a tenant's. */
export interface XeroSettings {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
  timeoutMs: number;
}

export interface XeroTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms. */
  expiresAt: number;
}

export class AccountingProviderError extends Error {}

/**
 * The slice of Xero's published API the payroll export uses: the OAuth 2.0 authorization-code
 * flow (identity.xero.com), the connections list (which organisation the grant is for) and a
 * posted Manual Journal (api.xro/2.0/ManualJournals). `fetch` is injectable for failure tests.
 */
export class XeroClient {
  constructor(
    private readonly settings: XeroSettings,
    private readonly now: () => number,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  authorizeUrl(redirectUri: string, state: string): string {
    const url = new URL(this.settings.authorizeUrl);
    url.search = new URLSearchParams({ response_type: 'code', client_id: this.settings.clientId, redirect_uri: redirectUri, scope: 'openid offline_access accounting.transactions', state }).toString();
    return url.toString();
  }

  exchangeCode(code: string, redirectUri: string): Promise<XeroTokens> {
    return this.token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
  }

  refresh(tokens: XeroTokens): Promise<XeroTokens> {
    return this.token({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken });
  }

  /** The organisation the grant reaches (the first connection). */
  async organisation(tokens: XeroTokens): Promise<{ id: string; name: string | null }> {
    const list = (await this.call('GET', `${this.settings.apiUrl}/connections`, tokens)) as Array<{ tenantId?: string; tenantName?: string }>;
    const first = Array.isArray(list) ? list[0] : undefined;
    if (!first?.tenantId) throw new AccountingProviderError('the grant reaches no Xero organisation');
    return { id: first.tenantId, name: first.tenantName ?? null };
  }

  /** Posts a journal as a Manual Journal: debits positive, credits negative, in major units. */
  async postJournal(tokens: XeroTokens, organisationId: string, journal: Journal, date: string, narration: string): Promise<string> {
    const lines = journal.lines
      .filter((l) => l.debitMinor !== 0 || l.creditMinor !== 0)
      .map((l) => ({ LineAmount: (l.debitMinor - l.creditMinor) / 100, AccountCode: l.accountCode, Description: l.description }));
    const body = { ManualJournals: [{ Narration: narration, Date: date, Status: 'POSTED', LineAmountTypes: 'NoTax', JournalLines: lines }] };
    const answer = (await this.call('POST', `${this.settings.apiUrl}/api.xro/2.0/ManualJournals`, tokens, body, { 'xero-tenant-id': organisationId })) as { ManualJournals?: Array<{ ManualJournalID?: string }> };
    const id = answer.ManualJournals?.[0]?.ManualJournalID;
    if (!id) throw new AccountingProviderError('Xero answered without a ManualJournalID');
    return id;
  }

  private async token(form: Record<string, string>): Promise<XeroTokens> {
    const res = await this.send(this.settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString('base64')}` },
      body: new URLSearchParams(form).toString(),
    });
    const json = (await res.json().catch(() => ({}))) as { access_token?: string; refresh_token?: string; expires_in?: number };
    if (!res.ok || !json.access_token || !json.refresh_token) throw new AccountingProviderError(`Xero refused the token request (HTTP ${res.status})`);
    return { accessToken: json.access_token, refreshToken: json.refresh_token, expiresAt: this.now() + (json.expires_in ?? 1800) * 1000 };
  }

  private async call(method: string, url: string, tokens: XeroTokens, body?: unknown, headers: Record<string, string> = {}): Promise<unknown> {
    const res = await this.send(url, {
      method,
      headers: { authorization: `Bearer ${tokens.accessToken}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new AccountingProviderError(`Xero answered HTTP ${res.status}`);
    return res.json();
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetchImpl(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(this.settings.timeoutMs) });
    } catch (err) {
      throw new AccountingProviderError(`Xero could not be reached (${(err as Error).name})`);
    }
  }
}
