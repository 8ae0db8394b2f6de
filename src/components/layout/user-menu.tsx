import { LogOutIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { initials, type ViewerUser } from "@/features/auth/viewer";
import { ACCOUNT_MENU, SIGN_OUT } from "./nav";
import { SignOutForm } from "./sign-out-form";

export function UserMenu({ user }: { user: ViewerUser }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full" aria-label="Account menu">
          <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
            {initials(user)}
          </span>
        </Button>
      </DropdownMenuTrigger>
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
