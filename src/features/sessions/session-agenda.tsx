import { api } from "@convex/_generated/api";
import type { Doc } from "@convex/_generated/dataModel";
import { useQuery } from "convex/react";
import { LoadingList } from "@/components/ui/skeleton";
import { AgendaPanel } from "./agenda-panel";
import { CheckInAnswersView, CheckInForm } from "./check-in";

/**
 * The check-in and the agenda of a session page, from one live query: the member fills in their
 * check-in, the coach reads it; both see the agenda and each other's changes to it as they happen.
 */
export function SessionAgenda({ session, memberName }: { session: Pick<Doc<"sessions">, "_id" | "status">; memberName: string }) {
  const agenda = useQuery(api.agenda.get, { sessionId: session._id });
  if (agenda === undefined) return <LoadingList label="Loading the agenda" rows={3} />;
  const answered = agenda.checkIn !== null && [agenda.checkIn.moved, agenda.checkIn.stuck, agenda.checkIn.focus].some((answer) => answer?.trim());
  return (
    <>
      {agenda.canCheckIn ? (
        <CheckInForm sessionId={session._id} answers={agenda.checkIn ?? {}} />
      ) : session.status === "scheduled" || answered ? (
        <CheckInAnswersView answers={agenda.checkIn} memberName={memberName} />
      ) : null}
      <AgendaPanel sessionId={session._id} agenda={agenda} />
    </>
  );
}
