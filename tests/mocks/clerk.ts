import { http, HttpResponse } from "msw";

/**
 * Clerk Backend API, as far as we call it: ban and unban a user, merge into a user's metadata
 * (each answers with the User object), create a user for a visitor who booked, a sign-in token
 * for them, and delete one again.
 */
export const CLERK_API = "https://api.clerk.com/v1";

/** Clerk's User object as its Backend API documents it (the SDK reads every nested list). */
function user(id: string, banned: boolean, fields: { email?: string; firstName?: string; lastName?: string; publicMetadata?: unknown } = {}) {
  return {
    object: "user",
    id,
    external_id: null,
    username: null,
    first_name: fields.firstName ?? "Test",
    last_name: fields.lastName ?? "User",
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
        email_address: fields.email ?? "test@example.com",
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
    public_metadata: fields.publicMetadata ?? {},
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
const authorized = (request: Request) => request.headers.get("authorization")?.startsWith("Bearer sk_") === true;

/** Addresses the mocked instance already has a user for: Clerk refuses a second one with 422. */
export const TAKEN_EMAILS = new Set(["taken@example.com"]);
let created = 0;

/** Clerk's error for a request body it cannot use (422, its `errors` list). */
const invalid = (message: string) =>
  HttpResponse.json({ errors: [{ code: "form_param_format_invalid", message, long_message: message }] }, { status: 422 });

export const clerkHandlers = [
  http.post(`${CLERK_API}/users`, async ({ request }) => {
    if (!authorized(request)) return unauthorized();
    const body = (await request.json()) as { email_address?: string[]; first_name?: string; last_name?: string; public_metadata?: unknown };
    const email = body.email_address?.[0] ?? "";
    if (TAKEN_EMAILS.has(email)) {
      return HttpResponse.json(
        {
          errors: [
            {
              code: "form_identifier_exists",
              message: "That email address is taken. Please try another.",
              long_message: "That email address is taken. Please try another.",
              meta: { param_name: "email_address" },
            },
          ],
        },
        { status: 422 },
      );
    }
    return HttpResponse.json(
      user(`user_created${++created}`, false, { email, firstName: body.first_name, lastName: body.last_name, publicMetadata: body.public_metadata }),
    );
  }),
  http.post(`${CLERK_API}/sign_in_tokens`, async ({ request }) => {
    if (!authorized(request)) return unauthorized();
    const body = (await request.json()) as { user_id: string; expires_in_seconds?: number };
    const now = 1_700_000_000_000;
    return HttpResponse.json({
      object: "sign_in_token",
      id: "sit_2abc",
      user_id: body.user_id,
      token: `ticket_for_${body.user_id}`,
      status: "pending",
      url: `https://accounts.example.com/sign-in?__clerk_ticket=ticket_for_${body.user_id}`,
      created_at: now,
      updated_at: now,
    });
  }),
  http.delete(`${CLERK_API}/users/:id`, ({ params, request }) =>
    authorized(request) ? HttpResponse.json({ object: "user", id: String(params.id), deleted: true }) : unauthorized(),
  ),
  // PATCH /users/{user_id}/metadata deep-merges each given metadata object into the stored one; keys set to null are removed.
  http.patch(`${CLERK_API}/users/:id/metadata`, async ({ params, request }) => {
    if (!authorized(request)) return unauthorized();
    const body = (await request.json()) as { public_metadata?: unknown };
    const metadata = body.public_metadata ?? {};
    if (typeof metadata !== "object" || metadata === null || Array.isArray(metadata)) return invalid("public_metadata must be an object");
    const merged = Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== null));
    return HttpResponse.json(user(String(params.id), false, { publicMetadata: merged }));
  }),
  http.post(`${CLERK_API}/users/:id/ban`, ({ params, request }) =>
    authorized(request) ? HttpResponse.json(user(String(params.id), true)) : unauthorized(),
  ),
  http.post(`${CLERK_API}/users/:id/unban`, ({ params, request }) =>
    authorized(request) ? HttpResponse.json(user(String(params.id), false)) : unauthorized(),
  ),
];
