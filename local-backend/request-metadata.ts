/**
 * What a function learns of the client that called it (ctx.meta.getRequestMetadata()): the
 * address its connection came from and its user agent, as Convex reports them. The backend
 * reports the connection's own address; reading a proxy's X-Forwarded-For is the http routes'
 * decision (TRUSTED_PROXY_HOPS), not the backend's.
 */
import type { IncomingMessage } from "node:http";
import type { RequestMetadata } from "./engine/convex-test-internals";

export type { RequestMetadata };

/** A connection's address as Convex gives it: an IPv4 client of a dual-stack socket without its "::ffff:" prefix. */
function connectionAddress(request: IncomingMessage): string | null {
  const address = request.socket.remoteAddress;
  if (!address) return null;
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice("::ffff:".length) : address;
}

/** The request metadata of an HTTP request or of the upgrade request that opened a WebSocket. */
export function requestMetadataOf(request: IncomingMessage): RequestMetadata {
  const userAgent = request.headers["user-agent"];
  return { ip: connectionAddress(request), userAgent: userAgent ?? null };
}
