import { Link } from "@tanstack/react-router";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { useViewer } from "@/features/auth/viewer";
import { CartButton } from "@/features/cart/cart-button";
import { PaletteLauncher } from "./command-palette/palette-launcher";
import { MobileMenu } from "./mobile-menu";
import { PRIMARY_NAV, SIGN_IN } from "./nav";
import { ThemeMenu } from "./theme-menu";
import { UserMenu } from "./user-menu";

export function SiteHeader() {
  const viewer = useViewer();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <Link
          to="/"
          className="flex min-h-11 items-center rounded-md text-xl font-bold tracking-tight focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
        >
          LWCC
        </Link>
        <nav aria-label="Main" className="hidden flex-1 items-center gap-1 md:flex">
          {PRIMARY_NAV.map((item) => (
            <Link
              key={item.label}
              to={item.to}
              className="flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
              activeProps={{ "aria-current": "page", className: "text-foreground" }}
              activeOptions={{ exact: true }}
            >
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <PaletteLauncher />
          <CartButton />
          <ThemeMenu />
          {viewer.status === "signed-in" ? (
            <UserMenu user={viewer.user} />
          ) : (
            // While the sign-in state loads (a prerendered page), a visitor already sees it; a browser
            // with the sign-in hint (SESSION_HINT_ATTRIBUTE, set before paint) does not.
            <Button asChild className={cn("hidden sm:inline-flex", viewer.status === "loading" && "[html[data-session-hint]_&]:hidden")}>
              <a href={SIGN_IN.href}>{SIGN_IN.label}</a>
            </Button>
          )}
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
