import { expect } from "@playwright/test";
import { ConvexHttpClient } from "convex/browser";
import { api } from "../../../convex/_generated/api";

/** The embedded backend of the Playwright server (playwright.config.ts: the web port + 1). */
export const backendUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4317) + 1}`;

/** A seeded account, signed in to the Convex API: a journey's setup done as that person. */
export async function signedInClient(email: string, password: string): Promise<ConvexHttpClient> {
  const response = await fetch(`${backendUrl}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(response.ok).toBe(true);
  const client = new ConvexHttpClient(backendUrl);
  client.setAuth(((await response.json()) as { accessToken: string }).accessToken);
  return client;
}

/** The seeded admin, through the Convex API: a journey's setup, and the outbox as /admin/messages shows it. */
export function asAdmin(): Promise<ConvexHttpClient> {
  return signedInClient("admin@example.com", "demo-admin-2026");
}

/** The e-mails the outbox holds for `to`, newest first. */
export async function mailsTo(admin: ConvexHttpClient, to: string) {
  const { page } = await admin.query(api.email.outbox, { paginationOpts: { numItems: 50, cursor: null } });
  return page.filter((mail) => mail.to === to);
}

/** The text of the newest e-mail to `to` with `subject`, once it is in the outbox. */
export async function emailTo(admin: ConvexHttpClient, to: string, subject: string): Promise<string> {
  let text: string | undefined;
  await expect
    .poll(async () => {
      text = (await mailsTo(admin, to)).find((row) => row.subject === subject)?.text;
      return text;
    })
    .toBeDefined();
  return text!;
}
