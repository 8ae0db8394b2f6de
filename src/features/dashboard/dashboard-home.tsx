import { hasPremiumAccess, TIER_LABELS } from "@convex/model/permissions";
import { Link } from "@tanstack/react-router";
import { SparklesIcon, UserRoundCogIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { initials, useViewer, type ViewerUser } from "@/features/auth/viewer";
import { greeting, memberFor } from "./welcome";

function WelcomeSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-8">
      <span className="sr-only" role="status">
        Loading your dashboard
      </span>
      <div className="flex items-center gap-4">
        <div className="size-16 shrink-0 animate-pulse rounded-full bg-muted motion-reduce:animate-none" />
        <div className="flex flex-1 flex-col gap-3">
          <div className="h-8 w-64 max-w-full animate-pulse rounded-md bg-muted motion-reduce:animate-none" />
          <div className="h-5 w-40 animate-pulse rounded-md bg-muted motion-reduce:animate-none" />
        </div>
      </div>
      <div className="h-36 animate-pulse rounded-xl bg-muted motion-reduce:animate-none" />
    </div>
  );
}

function Welcome({ user, now }: { user: ViewerUser; now: number }) {
  const premium = hasPremiumAccess(user.tier);
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-wrap items-center gap-4">
        <span
          aria-hidden
          className="flex size-16 shrink-0 items-center justify-center rounded-full bg-primary text-xl font-semibold text-primary-foreground"
        >
          {initials(user)}
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h1 className="text-3xl font-bold break-words">
            {greeting(now, user.timezone)}, {user.firstName || "there"}
          </h1>
          <p className="text-muted-foreground">{memberFor(user.createdAt, now)}</p>
        </div>
        {premium ? (
          <p className="inline-flex items-center gap-1.5 rounded-full border border-primary/30 bg-accent px-3 py-1 text-sm font-semibold text-accent-foreground">
            <SparklesIcon className="size-4" aria-hidden />
            <span className="sr-only">Plan: </span>
            {TIER_LABELS[user.tier]}
          </p>
        ) : null}
      </header>
      <section aria-labelledby="profile-card-title" className="flex flex-col items-start gap-3 rounded-xl border bg-card p-6">
        <h2 id="profile-card-title" className="flex items-center gap-2 text-lg font-semibold">
          <UserRoundCogIcon className="size-5 text-primary" aria-hidden />
          Your profile
        </h2>
        <p className="text-muted-foreground">
          Check your name and time zone, so session times show up in your own time.
        </p>
        <Button asChild>
          <Link to="/dashboard/settings">Open settings</Link>
        </Button>
      </section>
    </div>
  );
}

/** The member's home: a calm welcome and one next step. */
export function DashboardHome() {
  const viewer = useViewer();
  // The time of the visit: the greeting and membership length do not tick while the page is open.
  const [now] = useState(() => Date.now());
  if (viewer.status !== "signed-in") return <WelcomeSkeleton />;
  return <Welcome user={viewer.user} now={now} />;
}
