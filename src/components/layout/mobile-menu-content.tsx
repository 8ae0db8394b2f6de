import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { useViewer } from "@/features/auth/viewer";
import { THEME_LABELS, THEME_PREFERENCES } from "@/features/theme/theme";
import { useTheme } from "@/features/theme/use-theme";
import { cn } from "@/lib/utils";
import { ACCOUNT_MENU, ADMIN_MENU, PRIMARY_NAV, SIGN_IN, SIGN_OUT } from "./nav";
import type { MenuContentProps } from "./deferred-menu";
import { SignOutForm } from "./sign-out-form";

const rowClass =
  "flex min-h-11 items-center rounded-md px-3 text-base font-medium hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none";

/** Small-screen navigation, loaded when its button is first used; the sheet locks page scrolling while open. */
export default function MobileMenuContent({ defaultOpen, trigger }: MenuContentProps) {
  const [open, setOpen] = useState(defaultOpen);
  const viewer = useViewer();
  const { preference, setPreference } = useTheme();
  const close = () => setOpen(false);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent side="right" aria-describedby={undefined}>
        <SheetTitle>Menu</SheetTitle>
        <nav aria-label="Mobile" className="flex flex-col gap-1">
          {PRIMARY_NAV.map((item) => (
            <Link
              key={item.label}
              to={item.to}
              onClick={close}
              className={rowClass}
              activeProps={{ "aria-current": "page", className: "bg-accent" }}
              activeOptions={{ exact: true }}
            >
              {item.label}
            </Link>
          ))}
        </nav>
        <div role="group" aria-labelledby="mobile-theme-label" className="flex flex-col gap-2">
          <SheetDescription id="mobile-theme-label">Theme</SheetDescription>
          <div className="grid grid-cols-3 gap-2">
            {THEME_PREFERENCES.map((option) => (
              <Button
                key={option}
                variant={preference === option ? "default" : "outline"}
                aria-pressed={preference === option}
                onClick={() => setPreference(option)}
              >
                {THEME_LABELS[option]}
              </Button>
            ))}
          </div>
        </div>
        <div className="mt-auto flex flex-col gap-1 border-t pt-4">
          {viewer.status === "signed-in" ? (
            <>
              {ACCOUNT_MENU.map((item) => (
                <a key={item.href} href={item.href} className={rowClass}>
                  {item.label}
                </a>
              ))}
              {viewer.user.role === "admin"
                ? ADMIN_MENU.map((item) => (
                    <a key={item.href} href={item.href} className={rowClass}>
                      Admin: {item.label}
                    </a>
                  ))
                : null}
              <SignOutForm>
                <button type="submit" className={cn(rowClass, "w-full")} onClick={close}>
                  {SIGN_OUT.label}
                </button>
              </SignOutForm>
            </>
          ) : (
            <Button asChild size="lg">
              <a href={SIGN_IN.href}>{SIGN_IN.label}</a>
            </Button>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
