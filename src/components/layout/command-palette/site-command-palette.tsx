import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { checkActionItem, todayIn } from "@convex/model/actionItemRules";
import { showsDashboardCommands } from "@convex/model/permissions";
import { useRouter } from "@tanstack/react-router";
import { useMutation, useQuery } from "convex/react";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import type { AccountTab } from "@/features/account/account-tabs";
import { useViewer, type ViewerUser } from "@/features/auth/viewer";
import { useTheme } from "@/features/theme/use-theme";
import { useNow } from "@/lib/use-now";
import { errorMessage, fieldErrors } from "@/lib/user-error";
import { SignOutForm } from "../sign-out-form";
import { CommandPalette, type RunResult } from "./command-palette";
import { freeTextCommands, liveCommands, staticCommands, type PaletteCommand, type PaletteViewer } from "./commands";
import { readRecent, rememberRecent } from "./recent";

const AccountSettingsDialog = lazy(() => import("@/features/account/account-settings-dialog").then((module) => ({ default: module.AccountSettingsDialog })));

const NO_LIVE: PaletteCommand[] = [];
const MARK_DONE_FAILED = "We couldn't mark that done. Please try again.";
const ADD_FAILED = "We couldn't add that action item. Please try again.";
const markedDone = (title: string) => `Marked "${title}" done.`;
const added = (title: string) => `Added "${title}" to your action items.`;
/** How long a command's confirmation stays once the palette has closed. */
const CONFIRMATION_MS = 5000;

interface PaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The member-only effects of commands; visitors and guests never reach them. */
interface MemberEffects {
  markDone: (id: string, title: string) => Promise<RunResult>;
  quickAdd: (title: string) => Promise<RunResult>;
}

/** The palette as the site uses it: commands for whoever is signed in, run for real. */
function SitePalette({
  open,
  onOpenChange,
  viewer,
  live = NO_LIVE,
  effects,
}: PaletteProps & { viewer: PaletteViewer; live?: PaletteCommand[]; effects?: MemberEffects }) {
  const router = useRouter();
  const { setPreference } = useTheme();
  const [recent, setRecent] = useState(() => readRecent(window.localStorage));
  const [accountTab, setAccountTab] = useState<AccountTab | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // The settings dialog opens once the palette has closed and given focus back, so closing the
  // settings returns focus there too.
  const pendingTab = useRef<AccountTab | null>(null);
  const signOutRef = useRef<HTMLDivElement>(null);

  function openPendingSettings() {
    const tab = pendingTab.current;
    if (tab === null) return;
    pendingTab.current = null;
    setAccountTab(tab);
    setSettingsOpen(true);
  }

  const commands = useMemo(() => [...staticCommands(viewer), ...live], [viewer, live]);
  const freeText = useMemo(() => (query: string) => freeTextCommands(query, viewer), [viewer]);

  async function run(command: PaletteCommand): Promise<RunResult> {
    if (!command.transient) setRecent(rememberRecent(window.localStorage, command.id));
    const { action } = command;
    switch (action.kind) {
      case "navigate":
        router.history.push(action.to);
        return;
      case "theme":
        setPreference(action.preference);
        return;
      case "account-settings":
        pendingTab.current = action.tab;
        return;
      case "sign-out":
        signOutRef.current?.querySelector("form")?.requestSubmit();
        return;
      case "mark-done":
        return effects ? effects.markDone(action.itemId, action.title) : undefined;
      case "quick-add":
        return effects ? effects.quickAdd(action.title) : undefined;
    }
  }

  return (
    <>
      <CommandPalette open={open} onOpenChange={onOpenChange} commands={commands} freeText={freeText} onRun={run} recent={recent} onClosed={openPendingSettings} />
      <div ref={signOutRef} hidden>
        <SignOutForm>{null}</SignOutForm>
      </div>
      {accountTab !== null ? (
        <Suspense fallback={null}>
          <AccountSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} tab={accountTab} onTabChange={setAccountTab} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Signed in: live entries from Convex while the palette is open, and the member-only effects. */
function SignedInPalette({ user, ...props }: PaletteProps & { user: ViewerUser }) {
  const viewer = useMemo(() => ({ role: user.role, userType: user.userType, tier: user.tier }), [user.role, user.userType, user.tier]);
  const dashboard = showsDashboardCommands(viewer);
  const entries = useQuery(api.commandPalette.entries, props.open && dashboard ? {} : "skip");
  const updateStatus = useMutation(api.actionItems.updateStatus);
  const quickAdd = useMutation(api.actionItems.quickAdd);
  const now = useNow();
  const live = useMemo(
    () => (entries ? liveCommands(entries, now, user.timezone, todayIn(user.timezone, now)) : []),
    [entries, now, user.timezone],
  );

  const [confirmation, setConfirmation] = useState<string | null>(null);

  const effects: MemberEffects = {
    async markDone(id, title) {
      try {
        await updateStatus({ id: id as Id<"actionItems">, status: "completed" });
        setConfirmation(markedDone(title));
      } catch (error) {
        return { error: errorMessage(error, MARK_DONE_FAILED) };
      }
    },
    async quickAdd(title) {
      // The form's own rule first, so a blank title never reaches the server.
      const titleError = checkActionItem({ title }).title;
      if (titleError) return { error: titleError };
      try {
        await quickAdd({ title });
        setConfirmation(added(title));
      } catch (error) {
        const fields = fieldErrors(error);
        return { error: fields.title ?? fields.sessionId ?? errorMessage(error, ADD_FAILED) };
      }
    },
  };

  return (
    <>
      <SitePalette {...props} viewer={viewer} live={live} effects={dashboard ? effects : undefined} />
      {/* Reopening the palette moves on from the last confirmation. */}
      <Confirmation message={props.open ? null : confirmation} onDone={() => setConfirmation(null)} />
    </>
  );
}

/**
 * What a command did, once the palette has closed: at the bottom, clear of the header, for a few
 * seconds. The live region is always present, so each new confirmation is announced politely.
 */
function Confirmation({ message, onDone }: { message: string | null; onDone: () => void }) {
  const latestDone = useRef(onDone);
  useEffect(() => {
    latestDone.current = onDone;
  });
  useEffect(() => {
    if (message === null) return;
    const timer = window.setTimeout(() => latestDone.current(), CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [message]);
  return (
    <div
      role="status"
      aria-label="Command result"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
    >
      {message ? (
        <p className="rounded-lg border bg-background px-4 py-2 text-sm font-medium text-foreground shadow-lg">{message}</p>
      ) : null}
    </div>
  );
}

/** Loaded on first use (see palette-launcher.tsx): cmdk, the dialog and the commands stay out of first visits. */
export default function SiteCommandPalette(props: PaletteProps) {
  const viewer = useViewer();
  if (viewer.status === "signed-in") return <SignedInPalette {...props} user={viewer.user} />;
  return <SitePalette {...props} viewer={null} />;
}
