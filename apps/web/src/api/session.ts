/**
 * The signed-in session: the token pair from /auth/login (or an invite, a verified email, single
 * sign-on). Both tokens are kept in localStorage so that a reload stays signed in; the page's CSP
 * (script-src 'self') is what keeps other scripts from reading them. A refresh token is spent on
 * use (spec 01), so one refresh runs at a time and every waiting request gets its result.
 */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface AccessClaims {
  /** The user's id. */
  sub: string;
  /** The user's tenant. */
  tid: string;
  exp: number;
}

const KEY = 'wfm.session';
type Listener = (pair: TokenPair | null) => void;

class SessionStore {
  private pair: TokenPair | null = read();
  private listeners = new Set<Listener>();
  private refreshing: Promise<TokenPair | null> | null = null;

  get current(): TokenPair | null {
    return this.pair;
  }

  get claims(): AccessClaims | null {
    return this.pair ? decodeClaims(this.pair.accessToken) : null;
  }

  set(pair: TokenPair | null): void {
    this.pair = pair;
    if (pair) localStorage.setItem(KEY, JSON.stringify({ accessToken: pair.accessToken, refreshToken: pair.refreshToken }));
    else localStorage.removeItem(KEY);
    for (const l of this.listeners) l(pair);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Exchanges the refresh token for a new pair; null (and signed out) when the session has ended. */
  refresh(baseUrl: string): Promise<TokenPair | null> {
    const spent = this.pair?.refreshToken;
    if (!spent) return Promise.resolve(null);
    this.refreshing ??= (async () => {
      try {
        const res = await fetch(`${baseUrl}/auth/refresh`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ refreshToken: spent }),
        });
        // Another tab may have refreshed first: its pair is in storage.
        const stored = read();
        if (!res.ok) {
          if (stored && stored.refreshToken !== spent) {
            this.set(stored);
            return stored;
          }
          this.set(null);
          return null;
        }
        const pair = (await res.json()) as TokenPair;
        this.set(pair);
        return pair;
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }
}

function read(): TokenPair | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<TokenPair>;
    return typeof v.accessToken === 'string' && typeof v.refreshToken === 'string' ? { accessToken: v.accessToken, refreshToken: v.refreshToken } : null;
  } catch {
    return null;
  }
}

/** The access token's claims, read for display and routing only: the API is what verifies them. */
export function decodeClaims(token: string): AccessClaims | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const v = JSON.parse(json) as Partial<AccessClaims>;
    return typeof v.sub === 'string' && typeof v.tid === 'string' && typeof v.exp === 'number' ? { sub: v.sub, tid: v.tid, exp: v.exp } : null;
  } catch {
    return null;
  }
}

export const session = new SessionStore();
