import type { Id } from "@convex/_generated/dataModel";
import { Label } from "@/components/ui/label";

export const selectClass =
  "min-h-11 w-full rounded-md border border-input bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 sm:w-64";

/** The coach to book with; until one is chosen the first option asks for a choice. */
export function CoachSelect({
  coaches,
  value,
  onChange,
  id = "coach",
}: {
  coaches: readonly { _id: Id<"users">; name: string }[];
  value: Id<"users"> | null;
  onChange: (coachId: Id<"users"> | null) => void;
  id?: string;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Coach</Label>
      <select
        id={id}
        className={selectClass}
        value={value ?? ""}
        onChange={(event) => onChange((event.target.value || null) as Id<"users"> | null)}
      >
        {value === null ? <option value="">Choose a coach</option> : null}
        {coaches.map((coach) => (
          <option key={coach._id} value={coach._id}>
            {coach.name}
          </option>
        ))}
      </select>
    </div>
  );
}
