import { http, HttpResponse } from "msw";

/**
 * Clerk Backend API, as far as we call it: ban and unban a user, and merge into a user's metadata
 * (each answers with the User object).
 */
export const CLERK_API = "https://api.clerk.com/v1";

/** Clerk's User object as its Backend API documents it (the SDK reads every nested list). */
function user(id: string, banned: boolean, publicMetadata: Record<string, unknown> = {}) {
  return {
    object: "user",
    id,
    external_id: null,
    username: null,
    first_name: "Test",
    last_name: "User",
    image_url: "https://img.clerk.com/default.png",
    has_image: false,
    primary_email_address_id: "idn_1",
    primary_phone_number_id: null,
    primary_web3_wallet_id: null,
    password_enabled: true,
    two_factor_enabled: false,
    totp_enabled: false,
    backup_code_enabled: false,
    email_addresses: [
      {
        id: "idn_1",
        object: "email_address",
        email_address: "test@example.com",
        reserved: false,
        verification: { status: "verified", strategy: "email_code", attempts: null, expire_at: null },
        linked_to: [],
      },
    ],
    phone_numbers: [],
    web3_wallets: [],
    external_accounts: [],
    saml_accounts: [],
    enterprise_accounts: [],
    passkeys: [],
    public_metadata: publicMetadata,
    private_metadata: {},
    unsafe_metadata: {},
    banned,
    locked: false,
    lockout_expires_in_seconds: null,
    verification_attempts_remaining: 100,
    last_sign_in_at: null,
    last_active_at: null,
    created_at: 1_700_000_000_000,
    updated_at: 1_700_000_000_000,
    create_organization_enabled: true,
    delete_self_enabled: true,
    legal_accepted_at: null,
  };
}

const unauthorized = () => HttpResponse.json({ errors: [{ code: "authentication_invalid", message: "Unauthorized" }] }, { status: 401 });

/** Clerk's error for a request body it cannot use (422, its `errors` list). */
const invalid = (message: string) =>
  HttpResponse.json({ errors: [{ code: "form_param_format_invalid", message, long_message: message }] }, { status: 422 });

export const clerkHandlers = [
  // PATCH /users/{user_id}/metadata deep-merges each given metadata object into the stored one; keys set to null are removed.
  http.patch(`${CLERK_API}/users/:id/metadata`, async ({ params, request }) => {
    if (!request.headers.get("authorization")?.startsWith("Bearer sk_")) return unauthorized();
    const body = (await request.json()) as { public_metadata?: unknown };
    const metadata = body.public_metadata ?? {};
    if (typeof metadata !== "object" || metadata === null || Array.isArray(metadata)) return invalid("public_metadata must be an object");
    const merged = Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== null));
    return HttpResponse.json(user(String(params.id), false, merged));
  }),
  http.post(`${CLERK_API}/users/:id/ban`, ({ params, request }) =>
    request.headers.get("authorization")?.startsWith("Bearer sk_")
      ? HttpResponse.json(user(String(params.id), true))
      : unauthorized(),
  ),
  http.post(`${CLERK_API}/users/:id/unban`, ({ params, request }) =>
    request.headers.get("authorization")?.startsWith("Bearer sk_")
      ? HttpResponse.json(user(String(params.id), false))
      : unauthorized(),
  ),
];
