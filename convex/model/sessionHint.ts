/**
 * A non-secret "signed in" hint, like Clerk's client cookie: the identity provider sets it beside
 * its HttpOnly refresh cookie and clears it with it. The web app asks for a session only when the
 * hint is there, so a visitor who never signed in costs no request. It proves nothing: a forged
 * or stale hint costs one token request that answers "signed out" and clears it.
 */
export const SESSION_HINT_COOKIE = "lwcc_signed_in";
