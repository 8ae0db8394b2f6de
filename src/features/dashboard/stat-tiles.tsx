import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** The welcome header shows four stat tiles (SPEC §2). */
export const STAT_TILE_COUNT = 4;

export interface StatTile {
  label: string;
  value: ReactNode;
  /** A short running total or context, e.g. "7 of 10 goals". */
  hint?: string;
}

export interface StatTilesProps {
  /** undefined while loading: four skeleton tiles of the same size. */
  tiles: StatTile[] | undefined;
  /** Names the group for screen readers. */
  label?: string;
}

const grid = "grid grid-cols-2 gap-3 lg:grid-cols-4";
const tileBox = "flex min-h-24 flex-col gap-1 rounded-xl border bg-card p-4 text-card-foreground";
const pulse = "animate-pulse rounded-md bg-muted motion-reduce:animate-none";

export function StatTiles({ tiles, label = "Your numbers" }: StatTilesProps) {
  if (tiles === undefined) {
    return (
      <div aria-busy="true" className={grid}>
        <span className="sr-only" role="status">
          Loading your numbers
        </span>
        {Array.from({ length: STAT_TILE_COUNT }, (_, index) => (
          <div key={index} aria-hidden className={tileBox}>
            <div className={cn(pulse, "h-4 w-20")} />
            <div className={cn(pulse, "h-8 w-12")} />
          </div>
        ))}
      </div>
    );
  }
  return (
    <dl aria-label={label} className={grid}>
      {tiles.map((tile) => (
        <div key={tile.label} className={tileBox}>
          <dt className="text-sm text-muted-foreground">{tile.label}</dt>
          <dd className="text-2xl font-bold tabular-nums">{tile.value}</dd>
          {tile.hint ? <dd className="text-sm text-muted-foreground">{tile.hint}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
