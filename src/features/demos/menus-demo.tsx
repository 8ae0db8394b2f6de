import { Link } from "@tanstack/react-router";
import { PanelLeftCloseIcon, PanelLeftOpenIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { ACCOUNT_MENU, PRIMARY_NAV } from "@/components/layout/nav";
import { PageColumn, PageHeader, PageSection } from "@/features/marketing/page-parts";

const rowClass =
  "flex min-h-11 items-center rounded-md px-3 font-medium hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none";

function SiteLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul className="flex flex-col gap-1">
      {PRIMARY_NAV.map((item) => (
        <li key={item.label}>
          <Link to={item.to} onClick={onNavigate} className={rowClass}>
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A sidebar beside the content that folds away; the content takes the room it leaves. */
function SidebarDemo() {
  const [open, setOpen] = useState(true);
  const panelId = useId();
  return (
    <div className="flex flex-col gap-3">
      <Button variant="outline" className="self-start" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((value) => !value)}>
        {open ? <PanelLeftCloseIcon aria-hidden /> : <PanelLeftOpenIcon aria-hidden />}
        {open ? "Hide sidebar" : "Show sidebar"}
      </Button>
      <div className="flex min-h-64 flex-col overflow-hidden rounded-xl border sm:flex-row">
        <nav id={panelId} aria-label="Sidebar demo" hidden={!open} className="border-b bg-muted/40 p-3 sm:w-56 sm:border-r sm:border-b-0">
          <ul className="flex flex-col gap-1">
            {ACCOUNT_MENU.map((item) => (
              <li key={item.href}>
                <a href={item.href} className={rowClass}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex-1 p-6 text-muted-foreground">
          The page's content. On small screens the sidebar sits above it; from tablet width, beside it.
        </div>
      </div>
    </div>
  );
}

/** /demos/menus: the sidebar, sheet and drawer menus; the open sheet and drawer keep the page still. */
export function MenusDemo() {
  const [sheetOpen, setSheetOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [choice, setChoice] = useState<string | null>(null);
  return (
    <PageColumn labelledBy="menus-demo-title">
      <PageHeader
        id="menus-demo-title"
        eyebrow="Demo"
        title="Sidebar, sheet and drawer menus"
        lead="Three ways a menu appears. While the sheet or the drawer is open, the page behind it does not scroll; Escape closes them and focus returns to the button."
      />
      <PageSection id="menus-sidebar" title="Sidebar">
        <SidebarDemo />
      </PageSection>
      <PageSection id="menus-sheet" title="Sheet">
        <p className="text-muted-foreground">The site's own menu on phones is a sheet like this, from the right.</p>
        <Sheet open={sheetOpen} onOpenChange={setSheetOpen}>
          <SheetTrigger asChild>
            <Button variant="outline">Open the sheet</Button>
          </SheetTrigger>
          <SheetContent side="left">
            <SheetTitle>Menu</SheetTitle>
            <SheetDescription>The site's main pages.</SheetDescription>
            <nav aria-label="Sheet demo">
              <SiteLinks onNavigate={() => setSheetOpen(false)} />
            </nav>
          </SheetContent>
        </Sheet>
      </PageSection>
      <PageSection id="menus-drawer" title="Drawer">
        <p className="text-muted-foreground">A drawer rises from the bottom edge, within reach of a thumb.</p>
        <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
          <SheetTrigger asChild>
            <Button variant="outline">Open the drawer</Button>
          </SheetTrigger>
          <SheetContent side="bottom" closeLabel="Close drawer">
            <SheetTitle>Add to your week</SheetTitle>
            <SheetDescription>Pick one; you can change it later.</SheetDescription>
            <div className="grid gap-2 sm:grid-cols-3">
              {["Book a session", "Add an action item", "Block focus time"].map((label) => (
                <Button
                  key={label}
                  variant="outline"
                  onClick={() => {
                    setChoice(label);
                    setDrawerOpen(false);
                  }}
                >
                  {label}
                </Button>
              ))}
            </div>
          </SheetContent>
        </Sheet>
        <p role="status" className="text-sm text-muted-foreground">
          {choice ? `You chose: ${choice}.` : null}
        </p>
      </PageSection>
    </PageColumn>
  );
}
