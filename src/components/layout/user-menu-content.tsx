import { LogOutIcon } from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { ViewerUser } from "@/features/auth/viewer";
import { ACCOUNT_MENU, ADMIN_MENU, SIGN_OUT } from "./nav";
import { SignOutForm } from "./sign-out-form";
import type { MenuContentProps } from "./deferred-menu";

/** The account menu itself, loaded when its button is first used (see user-menu.tsx). */
export default function UserMenuContent({ user, defaultOpen, trigger }: { user: ViewerUser } & MenuContentProps) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="font-normal">
          <span className="block font-semibold">
            {user.firstName} {user.lastName}
          </span>
          <span className="block truncate text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {ACCOUNT_MENU.map((item) => (
          <DropdownMenuItem key={item.href} asChild>
            <a href={item.href}>{item.label}</a>
          </DropdownMenuItem>
        ))}
        {user.role === "admin" ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel className="text-xs font-semibold text-muted-foreground">Admin</DropdownMenuLabel>
            {ADMIN_MENU.map((item) => (
              <DropdownMenuItem key={item.href} asChild>
                <a href={item.href}>{item.label}</a>
              </DropdownMenuItem>
            ))}
          </>
        ) : null}
        <DropdownMenuSeparator />
        <SignOutForm>
          <DropdownMenuItem asChild>
            <button type="submit" className="w-full">
              <LogOutIcon aria-hidden />
              {SIGN_OUT.label}
            </button>
          </DropdownMenuItem>
        </SignOutForm>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
