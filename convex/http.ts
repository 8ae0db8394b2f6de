import { httpRouter } from "convex/server";
import { Webhook } from "svix";
import { internal } from "./_generated/api";
import { env, httpAction } from "./_generated/server";
import { parseClerkUserEvent } from "./model/clerk";

const http = httpRouter();

/**
 * Clerk's user webhooks, verified with their Svix signature over the raw body and applied once
 * per svix-id (the de-duplication happens in the same transaction as the change).
 */
http.route({
  path: "/clerk-users-webhook",
  method: "POST",
  handler: httpAction(async (ctx, request) => {
    if (!env.CLERK_WEBHOOK_SECRET || !env.CLERK_JWT_ISSUER_DOMAIN) {
      return new Response("Clerk webhooks are not configured", { status: 503 });
    }
    const body = await request.text();
    const svixHeaders = {
      "svix-id": request.headers.get("svix-id") ?? "",
      "svix-timestamp": request.headers.get("svix-timestamp") ?? "",
      "svix-signature": request.headers.get("svix-signature") ?? "",
    };
    let payload: unknown;
    try {
      payload = new Webhook(env.CLERK_WEBHOOK_SECRET).verify(body, svixHeaders);
    } catch {
      return new Response("Invalid webhook signature", { status: 400 });
    }
    let event;
    try {
      event = parseClerkUserEvent(payload, env.CLERK_JWT_ISSUER_DOMAIN);
    } catch (error) {
      return new Response(error instanceof Error ? error.message : "Malformed event", { status: 400 });
    }
    if (event) await ctx.runMutation(internal.users.applyClerkEvent, { eventId: svixHeaders["svix-id"], ...event });
    return new Response(null, { status: 200 });
  }),
});

export default http;
