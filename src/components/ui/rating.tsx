import { StarIcon } from "lucide-react";
import { useId } from "react";
import { cn } from "@/lib/utils";

/** Ratings run from 1 to this (SPEC §9); 0 means not rated yet. */
export const RATING_MAX = 5;
export const NO_RATING = "No rating";

export function ratingText(value: number): string {
  return value === 0 ? NO_RATING : `${value} of ${RATING_MAX} stars`;
}

interface RatingProps {
  label: string;
  /** 0 to RATING_MAX; 0 reads 'No rating' (SPEC §4). */
  value: number;
  onChange: (value: number) => void;
}

/**
 * A 1-5 star rating as a group of radio buttons: Tab reaches it, arrows move between the stars,
 * and the chosen value is also written out in words. Each star is a 44 px target.
 */
export function Rating({ label, value, onChange }: RatingProps) {
  const group = useId();
  return (
    <div className="flex flex-col gap-2">
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">
          {label}
        </legend>
        <div className="flex items-center">
          {Array.from({ length: RATING_MAX }, (_, index) => {
            const star = index + 1;
            return (
              <label key={star} className="relative inline-flex size-11 cursor-pointer items-center justify-center rounded-md">
                <input
                  type="radio"
                  name={group}
                  value={star}
                  checked={value === star}
                  onChange={() => onChange(star)}
                  className="peer sr-only"
                />
                <StarIcon
                  className={cn(
                    "size-7 rounded-sm text-warning peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/60",
                    star <= value ? "fill-current" : "fill-transparent text-muted-foreground",
                  )}
                  aria-hidden
                />
                <span className="sr-only">
                  {star} {star === 1 ? "star" : "stars"}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {ratingText(value)}
      </p>
    </div>
  );
}
