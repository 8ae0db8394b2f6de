/**
 * Resend, when RESEND_API_KEY is set (POST /emails, answers `{ id }`). Without it the outbox row
 * is the delivery: admins read it in the app (ARCHITECTURE §2).
 */
import { env } from "../_generated/server";

const RESEND_API = "https://api.resend.com";

export function resendConfigured(): boolean {
  return Boolean(env.RESEND_API_KEY?.trim());
}

export async function sendWithResend(message: { to: string; subject: string; text: string }): Promise<string> {
  const response = await fetch(`${RESEND_API}/emails`, {
    method: "POST",
    headers: { authorization: `Bearer ${env.RESEND_API_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({ from: env.RESEND_FROM_EMAIL ?? "LWCC <hello@lwcc.example>", to: [message.to], subject: message.subject, text: message.text }),
  });
  const body = (await response.json().catch(() => ({}))) as { id?: string; message?: string; name?: string };
  if (!response.ok || !body.id) throw new Error(`Resend answered ${response.status}: ${body.message ?? body.name ?? "no id"}`);
  return body.id;
}
