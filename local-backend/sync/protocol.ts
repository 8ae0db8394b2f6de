/** Convex's sync protocol messages, as the convex 1.x client sends and expects them. */
import type { JSONValue } from "convex/values";

export interface StateVersion {
  querySet: number;
  identity: number;
  ts: bigint;
}

export type QueryModification =
  | { type: "Add"; queryId: number; udfPath: string; args: JSONValue[]; journal?: string | null }
  | { type: "Remove"; queryId: number };

export type ClientMessage =
  | { type: "Connect"; sessionId: string; connectionCount: number; lastCloseReason: string | null; maxObservedTimestamp?: string }
  | { type: "ModifyQuerySet"; baseVersion: number; newVersion: number; modifications: QueryModification[] }
  | { type: "Mutation"; requestId: number; udfPath: string; args: JSONValue[] }
  | { type: "Action"; requestId: number; udfPath: string; args: JSONValue[] }
  | { type: "Authenticate"; baseVersion: number; tokenType: "User" | "None" | "Admin"; value?: string; impersonating?: unknown }
  | { type: "Event"; eventType: string; event: unknown };

/** Timestamps travel as the base64 of a little-endian u64. */
export function encodeTs(ts: bigint): string {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(ts);
  return bytes.toString("base64");
}

/** A timestamp as it travels, or null when the value is not one. */
export function decodeTs(encoded: unknown): bigint | null {
  const bytes = typeof encoded === "string" ? Buffer.from(encoded, "base64") : null;
  return bytes?.length === 8 ? bytes.readBigUInt64LE() : null;
}

export function encodeVersion(version: StateVersion) {
  return { querySet: version.querySet, identity: version.identity, ts: encodeTs(version.ts) };
}

export function parseClientMessage(raw: string): ClientMessage {
  const message = JSON.parse(raw) as ClientMessage;
  if (typeof message !== "object" || message === null || typeof message.type !== "string") {
    throw new Error("Malformed client message");
  }
  return message;
}
