import { http, HttpResponse } from "msw";

/** Clerk Backend API, as far as we call it: ban and unban a user (they answer with the User object). */
export const CLERK_API = "https://api.clerk.com/v1";

function user(id: string, banned: boolean) {
  return {
    object: "user",
    id,
    banned,
    locked: false,
    first_name: "Test",
    last_name: "User",
    primary_email_address_id: "idn_1",
    email_addresses: [{ id: "idn_1", object: "email_address", email_address: "test@example.com", verification: { status: "verified" } }],
    created_at: 1_700_000_000_000,
    updated_at: 1_700_000_000_000,
  };
}

export const clerkHandlers = [
  http.post(`${CLERK_API}/users/:id/ban`, ({ params, request }) =>
    request.headers.get("authorization")?.startsWith("Bearer sk_")
      ? HttpResponse.json(user(String(params.id), true))
      : HttpResponse.json({ errors: [{ code: "authentication_invalid", message: "Unauthorized" }] }, { status: 401 }),
  ),
  http.post(`${CLERK_API}/users/:id/unban`, ({ params, request }) =>
    request.headers.get("authorization")?.startsWith("Bearer sk_")
      ? HttpResponse.json(user(String(params.id), false))
      : HttpResponse.json({ errors: [{ code: "authentication_invalid", message: "Unauthorized" }] }, { status: 401 }),
  ),
];
