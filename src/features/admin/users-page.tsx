import { api } from "@convex/_generated/api";
import { ROLES, TIER_LABELS, type Role } from "@convex/model/permissions";
import {
  DEACTIVATION_REASON_LABELS,
  DEACTIVATION_REASONS,
  ROLE_LABELS,
  USER_SEARCH_MAX,
  USER_STATUS_LABELS,
  USER_STATUSES,
  type DeactivationReason,
  type UserStatus,
} from "@convex/model/userAdmin";
import { useMutation, usePaginatedQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { ConvexError } from "convex/values";
import { format, formatDistanceStrict } from "date-fns";
import { AlertTriangleIcon, CheckCircle2Icon, CircleSlashIcon, HourglassIcon } from "lucide-react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { fieldControlClass, Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useViewer } from "@/features/auth/viewer";
import { cn } from "@/lib/utils";
import { AdminErrorBoundary, AdminRequired } from "./admin-access";

const PAGE_SIZE = 20;
/** Typing pauses this long before the list searches, so every keystroke does not query. */
export const SEARCH_DEBOUNCE_MS = 300;

export const USERS_TEXT = {
  title: "Users",
  intro: "Find people by name or e-mail, change their role, and deactivate or reactivate accounts.",
  search: "Search by name or e-mail",
  allRoles: "All roles",
  allStatuses: "All statuses",
  empty: "No one matches these filters.",
  loading: "Loading users",
  pending: (role: string) => `Changing to ${role}: waiting for the identity provider to confirm.`,
  failed: (role: string) => `Not changed to ${role}.`,
  pendingSent: (name: string, role: string) => `Role change for ${name} sent. It shows as ${role} once the identity provider confirms it.`,
  roleChanged: (name: string, role: string) => `${name} is now ${role}.`,
  deactivated: (name: string) => `${name}'s account is deactivated.`,
  reactivated: (name: string) => `${name}'s account is active again.`,
  saveFailed: "That didn't save. Please try again.",
} as const;

type AdminUser = FunctionReturnType<typeof api.users.list>["page"][number];
type Dialogs = { kind: "role" | "status"; user: AdminUser } | null;

const pulse = "animate-pulse rounded-md bg-muted motion-reduce:animate-none";
const fullName = (user: AdminUser) => `${user.firstName} ${user.lastName}`.trim() || user.email;

function errorText(error: unknown): string {
  return error instanceof ConvexError ? (error.data as { message: string }).message : USERS_TEXT.saveFailed;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function Select<T extends string>({ id, value, onChange, children }: { id: string; value: T | ""; onChange: (value: T | "") => void; children: ReactNode }) {
  return (
    <select id={id} className={fieldControlClass} value={value} onChange={(event) => onChange(event.target.value as T | "")}>
      {children}
    </select>
  );
}

/** "3 days ago" with the exact time on hover and for screen readers (UX.md: relative and absolute). */
function Ago({ ms, now }: { ms: number; now: number }) {
  const exact = format(ms, "MMM d, yyyy, h:mm a");
  return (
    <time dateTime={new Date(ms).toISOString()} title={exact}>
      {formatDistanceStrict(ms, Math.max(now, ms), { addSuffix: true })}
      <span className="sr-only"> ({exact})</span>
    </time>
  );
}

function RoleCell({ user }: { user: AdminUser }) {
  const change = user.roleChange;
  return (
    <div className="flex flex-col gap-1">
      <span>{ROLE_LABELS[user.role]}</span>
      {change?.state === "pending" ? (
        <span className="flex items-start gap-1.5 text-sm text-warning-foreground">
          <HourglassIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          {USERS_TEXT.pending(ROLE_LABELS[change.role])}
        </span>
      ) : null}
      {change?.state === "failed" ? (
        <span className="flex items-start gap-1.5 text-sm text-destructive">
          <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          {USERS_TEXT.failed(ROLE_LABELS[change.role])} {change.error}
        </span>
      ) : null}
    </div>
  );
}

function StatusCell({ user }: { user: AdminUser }) {
  if (user.status === "active") {
    return (
      <span className="inline-flex items-center gap-1.5">
        <CheckCircle2Icon className="size-4 text-success" aria-hidden />
        {USER_STATUS_LABELS.active}
      </span>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <span className="inline-flex items-center gap-1.5">
        <CircleSlashIcon className="size-4 text-muted-foreground" aria-hidden />
        {USER_STATUS_LABELS.deactivated}
      </span>
      {user.deactivationReason ? <span className="text-sm text-muted-foreground">{DEACTIVATION_REASON_LABELS[user.deactivationReason]}</span> : null}
      {user.deactivatedAt ? <span className="text-sm text-muted-foreground">since {format(user.deactivatedAt, "MMM d, yyyy")}</span> : null}
    </div>
  );
}

/** One confirmation dialog: what will happen, an optional choice, the error if it failed; it closes only on success. */
function ConfirmDialog({
  title,
  description,
  confirm,
  children,
  onConfirm,
  onClose,
}: {
  title: string;
  description: string;
  confirm: string;
  children?: ReactNode;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit() {
    setSaving(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (caught) {
      setError(errorText(caught));
      setSaving(false);
    }
  }
  return (
    <Dialog open onOpenChange={(open) => (open || saving ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {children}
          {error ? (
            <p role="alert" className="flex items-start gap-2 text-sm font-medium text-destructive">
              <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={saving}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RoleDialog({ user, onClose, announce }: { user: AdminUser; onClose: () => void; announce: (text: string) => void }) {
  const setRole = useMutation(api.users.setRole);
  const [role, setChoice] = useState<Role>(user.roleChange?.state === "pending" ? user.roleChange.role : user.role);
  const id = useId();
  const name = fullName(user);
  return (
    <ConfirmDialog
      title={`Change ${name}'s role`}
      description={`${name} is ${ROLE_LABELS[user.role]} now. The new role decides what they can see and do.`}
      confirm="Change role"
      onClose={onClose}
      onConfirm={async () => {
        const outcome = await setRole({ userId: user._id, role });
        announce(outcome === "pending" ? USERS_TEXT.pendingSent(name, ROLE_LABELS[role]) : USERS_TEXT.roleChanged(name, ROLE_LABELS[role]));
      }}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-role`}>New role</Label>
        <Select<Role> id={`${id}-role`} value={role} onChange={(value) => value && setChoice(value)}>
          {ROLES.map((option) => (
            <option key={option} value={option}>
              {ROLE_LABELS[option]}
            </option>
          ))}
        </Select>
      </div>
    </ConfirmDialog>
  );
}

function StatusDialog({ user, onClose, announce }: { user: AdminUser; onClose: () => void; announce: (text: string) => void }) {
  const setStatus = useMutation(api.users.setStatus);
  const [reason, setReason] = useState<DeactivationReason>("other");
  const id = useId();
  const name = fullName(user);
  if (user.status === "deactivated") {
    return (
      <ConfirmDialog
        title={`Reactivate ${name}?`}
        description={`${name} can sign in again and finds all their data as they left it.`}
        confirm="Reactivate account"
        onClose={onClose}
        onConfirm={async () => {
          await setStatus({ userId: user._id, status: "active" });
          announce(USERS_TEXT.reactivated(name));
        }}
      />
    );
  }
  return (
    <ConfirmDialog
      title={`Deactivate ${name}?`}
      description={`${name} is signed out everywhere and cannot sign in until reactivated. Their data is kept.`}
      confirm="Deactivate account"
      onClose={onClose}
      onConfirm={async () => {
        await setStatus({ userId: user._id, status: "deactivated", reason });
        announce(USERS_TEXT.deactivated(name));
      }}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-reason`}>Reason</Label>
        <Select<DeactivationReason> id={`${id}-reason`} value={reason} onChange={(value) => value && setReason(value)}>
          {DEACTIVATION_REASONS.map((option) => (
            <option key={option} value={option}>
              {DEACTIVATION_REASON_LABELS[option]}
            </option>
          ))}
        </Select>
      </div>
    </ConfirmDialog>
  );
}

function UserRow({ user, now, open }: { user: AdminUser; now: number; open: (dialog: NonNullable<Dialogs>) => void }) {
  const name = fullName(user);
  const statusAction = user.status === "active" ? "Deactivate" : "Reactivate";
  return (
    <tr className="border-b align-top last:border-0">
      <th scope="row" className="p-3 text-left font-medium">
        <span className="block break-words">{name}</span>
        <span className="block text-sm font-normal break-all text-muted-foreground">{user.email}</span>
      </th>
      <td className="p-3">
        <RoleCell user={user} />
      </td>
      <td className="p-3">{TIER_LABELS[user.tier]}</td>
      <td className="p-3">
        <StatusCell user={user} />
      </td>
      <td className="p-3 text-sm">
        <Ago ms={user.lastActiveAt} now={now} />
      </td>
      <td className="p-3 text-sm">{format(user.createdAt, "MMM d, yyyy")}</td>
      <td className="p-3">
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" aria-label={`Change role of ${name}`} onClick={() => open({ kind: "role", user })}>
            Change role
          </Button>
          <Button size="sm" variant="outline" aria-label={`${statusAction} ${name}`} onClick={() => open({ kind: "status", user })}>
            {statusAction}
          </Button>
        </div>
      </td>
    </tr>
  );
}

function TableSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only" role="status">
        {USERS_TEXT.loading}
      </span>
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} aria-hidden className={cn(pulse, "h-12 w-full")} />
      ))}
    </div>
  );
}

/** The list itself: live, so role changes that arrive by webhook and new sign-ups show without a reload. */
function UsersTable({ search, role, status }: { search: string; role: Role | ""; status: UserStatus | "" }) {
  const { results, status: loading, loadMore } = usePaginatedQuery(
    api.users.list,
    { ...(search ? { search } : {}), ...(role ? { role } : {}), ...(status ? { status } : {}) },
    { initialNumItems: PAGE_SIZE },
  );
  const [now] = useState(() => Date.now());
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [announcement, setAnnouncement] = useState("");
  // The dialog shows the row as it is now, live (e.g. a pending change that just arrived).
  const current = dialog ? (results.find((user) => user._id === dialog.user._id) ?? dialog.user) : null;

  if (loading === "LoadingFirstPage") return <TableSkeleton />;
  return (
    <div className="flex flex-col gap-4">
      <p role="status" aria-live="polite" className="text-sm text-muted-foreground empty:hidden">
        {announcement}
      </p>
      {results.length === 0 ? (
        <p className="rounded-xl border bg-card p-6 text-muted-foreground">{USERS_TEXT.empty}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border bg-card">
          <table className="w-full min-w-[56rem] text-left">
            <caption className="sr-only">Users</caption>
            <thead className="border-b bg-muted/50 text-sm">
              <tr>
                <th scope="col" className="p-3 font-semibold">
                  Name and e-mail
                </th>
                <th scope="col" className="p-3 font-semibold">
                  Role
                </th>
                <th scope="col" className="p-3 font-semibold">
                  Tier
                </th>
                <th scope="col" className="p-3 font-semibold">
                  Status
                </th>
                <th scope="col" className="p-3 font-semibold">
                  Last activity
                </th>
                <th scope="col" className="p-3 font-semibold">
                  Created
                </th>
                <th scope="col" className="p-3 font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {results.map((user) => (
                <UserRow key={user._id} user={user} now={now} open={setDialog} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {loading === "CanLoadMore" || loading === "LoadingMore" ? (
        <Button variant="outline" className="self-start" disabled={loading === "LoadingMore"} onClick={() => loadMore(PAGE_SIZE)}>
          {loading === "LoadingMore" ? "Loading..." : "Load more users"}
        </Button>
      ) : null}
      {current && dialog?.kind === "role" ? <RoleDialog key={current._id} user={current} onClose={() => setDialog(null)} announce={setAnnouncement} /> : null}
      {current && dialog?.kind === "status" ? <StatusDialog key={current._id} user={current} onClose={() => setDialog(null)} announce={setAnnouncement} /> : null}
    </div>
  );
}

/** /admin/users: search, filters and the paginated, live list with its role and status actions. */
export function UsersPage({ redirect }: { redirect?: string }) {
  const viewer = useViewer();
  const [search, setSearch] = useState("");
  const [role, setRole] = useState<Role | "">("");
  const [status, setStatus] = useState<UserStatus | "">("");
  const debounced = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const id = useId();
  return (
    <section aria-labelledby="users-title" className="mx-auto max-w-6xl px-4 py-12">
      <h1 id="users-title" className="text-3xl font-bold">
        {USERS_TEXT.title}
      </h1>
      <p className="mt-2 text-muted-foreground">{USERS_TEXT.intro}</p>
      <div className="mt-8">
        {viewer.status === "loading" ? (
          <TableSkeleton />
        ) : viewer.status === "signed-in" && viewer.user.role === "admin" ? (
          <div className="flex flex-col gap-6">
            <form role="search" className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]" onSubmit={(event) => event.preventDefault()}>
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-search`}>{USERS_TEXT.search}</Label>
                <Input id={`${id}-search`} type="search" maxLength={USER_SEARCH_MAX} value={search} onChange={(event) => setSearch(event.target.value)} />
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-role`}>Role</Label>
                <Select<Role> id={`${id}-role`} value={role} onChange={setRole}>
                  <option value="">{USERS_TEXT.allRoles}</option>
                  {ROLES.map((option) => (
                    <option key={option} value={option}>
                      {ROLE_LABELS[option]}
                    </option>
                  ))}
                </Select>
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-status`}>Status</Label>
                <Select<UserStatus> id={`${id}-status`} value={status} onChange={setStatus}>
                  <option value="">{USERS_TEXT.allStatuses}</option>
                  {USER_STATUSES.map((option) => (
                    <option key={option} value={option}>
                      {USER_STATUS_LABELS[option]}
                    </option>
                  ))}
                </Select>
              </div>
            </form>
            <AdminErrorBoundary>
              <UsersTable search={debounced} role={role} status={status} />
            </AdminErrorBoundary>
          </div>
        ) : (
          <AdminRequired redirect={redirect} />
        )}
      </div>
    </section>
  );
}
