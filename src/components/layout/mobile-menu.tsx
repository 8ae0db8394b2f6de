import { MenuIcon } from "lucide-react";
import { lazy, type ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { DeferredMenu } from "./deferred-menu";

const load = () => import("./mobile-menu-content");
const MobileMenuContent = lazy(load);

/** The small-screen menu button. */
export function MobileMenuTrigger(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu" {...props}>
      <MenuIcon className="size-6" />
    </Button>
  );
}

export function MobileMenu() {
  return <DeferredMenu menu={MobileMenuContent} preload={() => void load()} props={{}} trigger={(handlers) => <MobileMenuTrigger {...handlers} />} />;
}
