/**
 * The billing portal a portal session's URL opens, in place of Stripe's hosted one: a plain, accessible page that
 * lists the customer's subscriptions and lets them cancel at the period end (or keep a plan they were cancelling),
 * with a link back to the app. Plain HTML forms, so it works without JavaScript.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { FIXED_HEADERS, serializeCsp } from "../../src/lib/security-headers";
import type { StripeAccount } from "./billing";
import { seconds, type Subscription } from "./objects";

const PAGE_PATH = /^\/_stripe\/portal\/(bps_[A-Za-z0-9]+)$/;

export interface PortalHost {
  account: StripeAccount;
  save(): Promise<void>;
  deliver(): void;
}

export function createPortalHandler(host: PortalHost) {
  return async function handlePortalRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://localhost");
    const id = PAGE_PATH.exec(url.pathname)?.[1];
    const session = id === undefined ? undefined : host.account.state.portalSessions[id];
    if (!session || session.expires_at <= seconds(Date.now())) {
      return send(response, 404, page("Billing portal (test mode)", `<p>This billing portal link has expired or does not exist. Go back to the app and open the billing portal again.</p>`));
    }
    if (request.method === "POST") {
      const form = new URLSearchParams(await readForm(request));
      const sub = host.account.state.subscriptions[form.get("subscription") ?? ""];
      const action = form.get("action");
      if (sub && sub.customer === session.customer && (action === "cancel" || action === "keep")) {
        host.account.setCancelAtPeriodEndFromPortal(sub.id, action === "cancel", Date.now());
        await host.save();
        host.deliver();
      }
      // Post/redirect/get: a reload of the page does not post again.
      response.writeHead(303, { location: url.pathname, "cache-control": "no-store" });
      return void response.end();
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { allow: "GET, POST" });
      return void response.end();
    }
    const subscriptions = Object.values(host.account.state.subscriptions)
      // Like Stripe's portal: plans that never started (unpaid first invoice) are not shown.
      .filter((sub) => sub.customer === session.customer && sub.status !== "incomplete" && sub.status !== "incomplete_expired")
      .sort((a, b) => b.created - a.created);
    const customer = host.account.state.customers[session.customer];
    const back = session.return_url ? `<p><a href="${escape(session.return_url)}">Return to LWCC</a></p>` : "";
    const body = `
<p>Signed in as ${escape(customer?.email ?? customer?.name ?? session.customer)}. This is the local test-mode stand-in for Stripe's billing portal: no money moves.</p>
<h2>Your plans</h2>
${subscriptions.length === 0 ? "<p>You have no plans.</p>" : `<ul>${subscriptions.map((sub) => subscriptionItem(host.account, sub)).join("")}</ul>`}
${back}`;
    send(response, 200, page("Billing portal (test mode)", body));
  };
}

function subscriptionItem(account: StripeAccount, sub: Subscription): string {
  const item = sub.items.data[0];
  if (!item) return "";
  const price = item.price;
  const product = account.state.products[price.product as string];
  const planName = price.lookup_key ?? price.nickname ?? product?.name ?? price.id;
  const money = new Intl.NumberFormat("en-US", { style: "currency", currency: price.currency.toUpperCase() }).format(((price.unit_amount ?? 0) * (item.quantity ?? 1)) / 100);
  const count = price.recurring?.interval_count ?? 1;
  const amount = `${money} every ${count === 1 ? "" : `${count} `}${price.recurring?.interval ?? "month"}${count === 1 ? "" : "s"}`;
  const pmId = typeof sub.default_payment_method === "string" ? sub.default_payment_method : null;
  const card = pmId ? account.state.paymentMethods[pmId]?.card : undefined;
  const live = sub.status === "active" || sub.status === "past_due" || sub.status === "trialing";
  const when = !live
    ? sub.ended_at
      ? `Ended on ${date(sub.ended_at)}`
      : ""
    : sub.cancel_at_period_end
      ? `Ends on ${date(item.current_period_end)}`
      : `Renews on ${date(item.current_period_end)}`;
  const action = !live
    ? ""
    : `<form method="post"><input type="hidden" name="subscription" value="${escape(sub.id)}">${
        sub.cancel_at_period_end
          ? `<button type="submit" name="action" value="keep">Keep plan</button>`
          : `<button type="submit" name="action" value="cancel">Cancel plan</button>`
      }</form>`;
  return `<li><h3>${escape(planName)}</h3><dl>
<dt>Amount</dt><dd>${escape(amount)}</dd>
<dt>Status</dt><dd>${escape(sub.status)}</dd>
${when ? `<dt>Period</dt><dd>${escape(when)}</dd>` : ""}
<dt>Card</dt><dd>${card ? `${escape(card.brand)} ending in ${escape(card.last4)}` : "None saved"}</dd>
</dl>${action}</li>`;
}

const STYLE = `
body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; color: #1f2937; }
ul { list-style: none; padding: 0; } li { border: 1px solid #d1d5db; border-radius: 0.5rem; padding: 1rem; margin-bottom: 1rem; }
dt { font-weight: 600; } dd { margin: 0 0 0.5rem; }
button, a { font-size: 1rem; min-height: 44px; } button { padding: 0.5rem 1rem; cursor: pointer; }
:focus-visible { outline: 3px solid #b45309; outline-offset: 2px; }
`;

/**
 * The web app's fixed security headers, and a policy for a page that is only markup, its one
 * style block and forms posting back to itself: nothing to load, nothing to run, no framing.
 */
const PAGE_HEADERS = Object.fromEntries([
  [
    "Content-Security-Policy",
    serializeCsp([
      ["default-src", ["'none'"]],
      ["style-src", [`'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`]],
      ["form-action", ["'self'"]],
      ["base-uri", ["'none'"]],
      ["frame-ancestors", ["'none'"]],
    ]),
  ],
  ...FIXED_HEADERS,
]);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escape(title)}</h1>
${body}
</main>
</body>
</html>`;
}

function send(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...PAGE_HEADERS });
  response.end(html);
}

async function readForm(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 16 * 1024) break;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function date(atSeconds: number): string {
  return new Date(atSeconds * 1000).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
