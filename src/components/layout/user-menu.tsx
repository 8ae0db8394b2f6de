import { lazy, type ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { initials, type ViewerUser } from "@/features/auth/viewer";
import { DeferredMenu } from "./deferred-menu";

const load = () => import("./user-menu-content");
const UserMenuContent = lazy(load);

/** The account button: the member's initials, which its name starts with (WCAG 2.5.3). */
export function UserTrigger({ user, ...props }: { user: ViewerUser } & ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" className="rounded-full" aria-label={`${initials(user)}, account menu`} {...props}>
      <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
        {initials(user)}
      </span>
    </Button>
  );
}

export function UserMenu({ user }: { user: ViewerUser }) {
  return (
    <DeferredMenu menu={UserMenuContent} preload={() => void load()} props={{ user }} trigger={(handlers) => <UserTrigger user={user} {...handlers} />} />
  );
}
