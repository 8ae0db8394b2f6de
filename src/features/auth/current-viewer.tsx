import { api } from "@convex/_generated/api";
import { AUTH_MESSAGES, type UserError } from "@convex/model/messages";
import { ACTIVITY_RESOLUTION_MS } from "@convex/model/users";
import { useConvexAuth, useMutation, useQuery } from "convex/react";
import { ConvexError } from "convex/values";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { ConnectionStatus } from "@/components/layout/connection-status";
import { useAuth } from "./use-auth";
import { ViewerProvider, type Viewer } from "./viewer";

function browserTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

/**
 * The viewer from the backend. Each time Convex accepts a token it calls users.ensureCurrent,
 * which creates the users row on a first sign-in; `me` is live, so the row shows up by itself.
 */
export function CurrentViewerProvider({ children }: { children: ReactNode }) {
  const { status, signOut } = useAuth();
  const { isAuthenticated } = useConvexAuth();
  const ensureCurrent = useMutation(api.users.ensureCurrent);
  const me = useQuery(api.users.me, isAuthenticated ? {} : "skip");
  const [notice, setNotice] = useState<string>();

  useEffect(() => {
    if (!isAuthenticated) return;
    ensureCurrent({ timezone: browserTimeZone() }).then(
      () => setNotice(undefined),
      (error: unknown) => {
        const data = error instanceof ConvexError ? (error.data as Partial<UserError>) : undefined;
        // A deactivated account, or a new one refused for now (too many made from this network):
        // signed out with the reason, rather than left waiting for a users row that will not come.
        if ((data?.code === "ACCOUNT_DEACTIVATED" || data?.code === "RATE_LIMITED") && data.message) {
          setNotice(data.message);
          void signOut();
        } else {
          console.error("Setting up the signed-in account failed", error);
        }
      },
    );
  }, [isAuthenticated, ensureCurrent, signOut]);

  // Deactivated while signed in (an admin, the inactivity job): sign out with the reason, as at sign-in.
  const deactivated = me?.status === "deactivated";
  if (deactivated && notice !== AUTH_MESSAGES.ACCOUNT_DEACTIVATED) setNotice(AUTH_MESSAGES.ACCOUNT_DEACTIVATED);
  useEffect(() => {
    if (deactivated) void signOut();
  }, [deactivated, signOut]);

  // A tab left open for days is still use: note activity while it is in front, at most as often as
  // the server keeps it (inactivity pauses accounts after 90 days without it).
  useEffect(() => {
    if (!isAuthenticated) return;
    const touch = () => {
      if (document.visibilityState === "visible") ensureCurrent({}).catch(() => {});
    };
    const timer = window.setInterval(touch, ACTIVITY_RESOLUTION_MS);
    document.addEventListener("visibilitychange", touch);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", touch);
    };
  }, [isAuthenticated, ensureCurrent]);

  const viewer = useMemo<Viewer>(() => {
    // A deactivated account counts as signed out from the moment its row says so, not when the
    // sign-out finishes: its member queries are refused from then on, and nothing should ask.
    if (status === "signed-out" || deactivated) return notice ? { status: "signed-out", notice } : { status: "signed-out" };
    // Signed in, but the users row is still on its way (or being created).
    if (status === "loading" || !me) return { status: "loading" };
    return { status: "signed-in", user: me };
  }, [status, notice, me, deactivated]);

  // Every Convex mount (local and Clerk sign-in) passes here, so the connection banner is mounted
  // once, beside the app rather than around it: showing it never remounts a page.
  return (
    <ViewerProvider value={viewer}>
      {children}
      <ConnectionStatus />
    </ViewerProvider>
  );
}
