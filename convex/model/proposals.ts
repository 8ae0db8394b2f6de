/** Deciding on an extraction proposal: the session's member or coach accepts (maybe edited) or dismisses it. */
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { createActionItem } from "./actionItems";
import { userError } from "./errors";

export type ProposalEdits = Partial<Pick<Doc<"actionItemProposals">, "title" | "description" | "priority">> & {
  dueDate?: string | null;
};

/** A proposal still waiting, on a session the caller is the member or coach of; else not found. */
export async function loadProposalFor(ctx: Pick<QueryCtx, "db">, viewer: Doc<"users">, proposalId: Id<"actionItemProposals">) {
  const proposal = await ctx.db.get("actionItemProposals", proposalId);
  const session = proposal && (await ctx.db.get("sessions", proposal.sessionId));
  if (!proposal || !session || (viewer._id !== session.memberId && viewer._id !== session.coachId)) throw userError("PROPOSAL_NOT_FOUND");
  if (proposal.status !== "proposed") throw userError("PROPOSAL_DECIDED");
  return { proposal, session };
}

/** Who answers for the commitment: the type decides, and a mutual agreement goes to the party named. */
function responsibleFor(proposal: Doc<"actionItemProposals">, session: Doc<"sessions">): Id<"users"> {
  if (proposal.commitmentType === "coach_commitment") return session.coachId;
  if (proposal.commitmentType === "user_commitment") return session.memberId;
  return proposal.responsibleParty === "coach" ? session.coachId : session.memberId;
}

/** The proposal becomes an action item with its quote, timestamp and confidence; the member is told (createActionItem). */
export async function acceptProposal(
  ctx: MutationCtx,
  caller: Doc<"users">,
  proposal: Doc<"actionItemProposals">,
  session: Doc<"sessions">,
  edits: ProposalEdits,
  now: number,
): Promise<Id<"actionItems">> {
  const dueDate = edits.dueDate === undefined ? proposal.dueDate : (edits.dueDate ?? undefined);
  const actionItemId = await createActionItem(
    ctx,
    caller,
    {
      sessionId: session._id,
      title: edits.title ?? proposal.title,
      description: edits.description ?? proposal.description,
      responsibleUserId: responsibleFor(proposal, session),
      commitmentType: proposal.commitmentType,
      priority: edits.priority ?? proposal.priority,
      ...(dueDate ? { dueDate } : {}),
      tags: proposal.tentative ? ["tentative"] : [],
      transcriptQuote: proposal.transcriptQuote,
      transcriptTimestamp: proposal.transcriptTimestamp,
      extractionConfidence: proposal.confidence,
      coachVisible: true,
      clientVisible: true,
    },
    now,
  );
  await ctx.db.patch("actionItemProposals", proposal._id, { status: "accepted", actionItemId, decidedBy: caller._id, decidedAt: now });
  return actionItemId;
}
