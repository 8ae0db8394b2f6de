import { tz } from "@date-fns/tz";
import { format } from "date-fns";
import { PencilIcon } from "lucide-react";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { initials, useViewer, type ViewerUser } from "@/features/auth/viewer";
import type { AccountTab } from "./account-tabs";
import { TierBadge } from "./tier-badge";
import { zoneLabel, zoneOffset } from "./time-zones";

// The dialog holds every setting (billing included): its code loads when it is first wanted.
const loadDialog = () => import("./account-settings-dialog");
const AccountSettingsDialog = lazy(loadDialog);

function Fact({ term, children, wide = false }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "flex flex-col gap-1 sm:col-span-2" : "flex flex-col gap-1"}>
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-8">
      <span className="sr-only" role="status">
        Loading your profile
      </span>
      <div aria-hidden className="flex items-center gap-4">
        <Skeleton className="size-20 shrink-0 rounded-full" />
        <div className="flex flex-1 flex-col gap-3">
          <Skeleton className="h-9 w-64 max-w-full" />
          <Skeleton className="h-7 w-28" />
        </div>
      </div>
      <Skeleton className="h-40 w-full rounded-xl" />
    </div>
  );
}

function Profile({ user, onEdit, onPreload }: { user: ViewerUser; onEdit: () => void; onPreload: () => void }) {
  const [now] = useState(() => Date.now());
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-wrap items-center gap-4">
        <span
          aria-hidden
          className="flex size-20 shrink-0 items-center justify-center rounded-full bg-primary text-2xl font-semibold text-primary-foreground"
        >
          {initials(user)}
        </span>
        <div className="flex min-w-0 flex-1 flex-col items-start gap-2">
          <p className="text-sm text-muted-foreground">Your profile</p>
          <h1 className="text-3xl font-bold break-words">{name}</h1>
          <TierBadge tier={user.tier} />
        </div>
      </header>
      <Card>
        <CardContent>
          <dl className="grid gap-5 sm:grid-cols-2">
            <Fact term="Member since">
              <time dateTime={new Date(user.createdAt).toISOString()}>{format(user.createdAt, "MMMM d, yyyy", { in: tz(user.timezone) })}</time>
            </Fact>
            <Fact term="Time zone">
              {zoneLabel(user.timezone)} <span className="font-normal text-muted-foreground">({zoneOffset(user.timezone, now)})</span>
            </Fact>
            <Fact term="Forum name" wide>
              {user.forumName ?? (
                <span className="font-normal text-muted-foreground">
                  Not chosen yet. Pick one under Edit profile, so other members know what to call you in the community forum.
                </span>
              )}
            </Fact>
          </dl>
        </CardContent>
      </Card>
      <Button size="lg" className="self-start" onClick={onEdit} onPointerEnter={onPreload} onFocus={onPreload}>
        <PencilIcon aria-hidden />
        Edit profile
      </Button>
    </div>
  );
}

/** /profile: who the member is here, and the way to change it (the account settings dialog). */
export function ProfilePage() {
  const viewer = useViewer();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<AccountTab>("account");
  // Mounted from the first opening on, so closing it keeps its animation and returns focus.
  const [wanted, setWanted] = useState(false);

  function edit() {
    setTab("account");
    setWanted(true);
    setOpen(true);
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-10 sm:py-12">
      {viewer.status === "signed-in" ? <Profile user={viewer.user} onEdit={edit} onPreload={() => void loadDialog()} /> : <ProfileSkeleton />}
      {wanted ? (
        <Suspense fallback={null}>
          <AccountSettingsDialog open={open} onOpenChange={setOpen} tab={tab} onTabChange={setTab} />
        </Suspense>
      ) : null}
    </div>
  );
}
