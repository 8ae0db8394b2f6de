/**
 * Who uploaded each stored file. Convex storage ids are easy to guess, so a client's storage id
 * proves nothing: a file may be filed (a recording) only by the person who uploaded it, or by an
 * admin, whose use of someone else's file is logged.
 *
 * An upload goes straight from the browser to storage, so the server never sees which URL
 * brought which file. Instead every upload URL is recorded as a grant, and the first use of a
 * file claims one of the caller's open grants issued before the file was stored: a file older
 * than all of the caller's URLs (anyone's earlier upload) can never be claimed, one URL claims
 * one file, and a claimed file stays its uploader's.
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { userError } from "./errors";

/** Convex upload URLs expire after an hour; a grant lasts as long. */
export const UPLOAD_GRANT_MS = 60 * 60 * 1000;
/** Open grants looked at per claim, and expired ones tidied per new URL: a handful in practice. */
const GRANTS_READ = 50;

/** Records an upload URL handed to `uploader`, and drops their unused grants that have run out. */
export async function grantUpload(ctx: Pick<MutationCtx, "db">, uploader: Doc<"users">, now: number) {
  const stale = await ctx.db
    .query("uploads")
    .withIndex("by_uploader_storage_and_expires", (q) => q.eq("uploadedBy", uploader._id).eq("storageId", undefined).lt("expiresAt", now))
    .take(GRANTS_READ);
  for (const grant of stale) await ctx.db.delete("uploads", grant._id);
  await ctx.db.insert("uploads", { uploadedBy: uploader._id, grantedAt: now, expiresAt: now + UPLOAD_GRANT_MS });
}

/**
 * Makes sure `caller` may use the stored file `file` for `sessionId`: their own (registered now on
 * first use), or any file for an admin, with an audit row. Anything else is UPLOAD_NOT_YOURS.
 */
export async function claimUpload(
  ctx: Pick<MutationCtx, "db">,
  caller: Doc<"users">,
  file: { _id: Id<"_storage">; _creationTime: number },
  use: { sessionId: Id<"sessions"> },
  now: number,
) {
  const registered = await ctx.db
    .query("uploads")
    .withIndex("by_storage", (q) => q.eq("storageId", file._id))
    .unique();
  if (registered?.uploadedBy === caller._id) return;
  if (!registered) {
    const open = await ctx.db
      .query("uploads")
      .withIndex("by_uploader_storage_and_expires", (q) => q.eq("uploadedBy", caller._id).eq("storageId", undefined).gt("expiresAt", now))
      .take(GRANTS_READ);
    // Document creation times are ordered by the one database clock, so "stored after the URL was issued" holds on any backend.
    const grant = open.sort((a, b) => a._creationTime - b._creationTime).find((candidate) => candidate._creationTime < file._creationTime);
    if (grant) {
      await ctx.db.patch("uploads", grant._id, { storageId: file._id, registeredAt: now });
      return;
    }
  }
  if (caller.role !== "admin") throw userError("UPLOAD_NOT_YOURS");
  await ctx.db.insert("auditLog", {
    at: now,
    actorId: caller._id,
    action: "recording_from_foreign_upload",
    storageId: file._id,
    ...(registered ? { uploadedBy: registered.uploadedBy } : {}),
    sessionId: use.sessionId,
  });
}
