import { http, HttpResponse } from "msw";

/** Resend's send endpoint: `{ id }` on success, `{ statusCode, name, message }` on errors. */
export const RESEND_API = "https://api.resend.com";

export const resendHandlers = [
  http.post(`${RESEND_API}/emails`, async ({ request }) => {
    if (!request.headers.get("authorization")?.startsWith("Bearer re_")) {
      return HttpResponse.json({ statusCode: 401, name: "missing_api_key", message: "Missing API key in the authorization header." }, { status: 401 });
    }
    const body = (await request.json()) as { to?: string[]; subject?: string };
    if (!body.to?.length || !body.subject) {
      return HttpResponse.json({ statusCode: 422, name: "validation_error", message: "Missing `to` or `subject` field." }, { status: 422 });
    }
    return HttpResponse.json({ id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" });
  }),
];
