/** Where single sign-on keeps its verifier between the start and the landing (never in a URL). */
export const SSO_VERIFIER_KEY = 'wfm.sso.verifier';

/** A path of this app to go to after sign-in; anything else (another origin, a scheme) is home. */
export function safeReturnTo(v: string | null): string {
  return v && /^\/(?![/\\])[^\s]*$/.test(v) ? v : '/';
}
