import type { Id } from "@convex/_generated/dataModel";
import { ERROR_MESSAGES } from "@convex/model/messages";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { SEARCH_DEBOUNCE_MS, UsersPage } from "./users-page";

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();
const user = (id: string, overrides: Record<string, unknown> = {}) => ({
  _id: `users:${id}` as Id<"users">,
  email: `${id}@example.com`,
  firstName: id[0]!.toUpperCase() + id.slice(1),
  lastName: "Rivera",
  role: "client" as const,
  userType: "client",
  tier: "clarity" as const,
  createdAt: now - 400 * DAY,
  forumMember: false,
  status: "active" as const,
  timezone: "UTC",
  lastActiveAt: now - 3 * DAY,
  ...overrides,
});

type Page = { results: unknown[]; status: string; loadMore: (n: number) => void };
const state = {
  page: { results: [], status: "LoadingFirstPage", loadMore: vi.fn() } as Page,
  args: [] as unknown[],
  calls: [] as { name: string; args: unknown }[],
  answer: null as ((name: string) => Promise<unknown>) | null,
  listeners: new Set<() => void>(),
};
function update(change: Partial<typeof state>) {
  Object.assign(state, change);
  act(() => state.listeners.forEach((listener) => listener()));
}

vi.mock("convex/react", async () => {
  const { useEffect, useReducer } = await import("react");
  return {
    usePaginatedQuery: (query: unknown, args: unknown) => {
      const [, rerender] = useReducer((n: number) => n + 1, 0);
      useEffect(() => {
        state.listeners.add(rerender);
        return () => void state.listeners.delete(rerender);
      }, []);
      expect(getFunctionName(query as never)).toBe("users:list");
      state.args.push(args);
      return state.page;
    },
    useMutation: (mutation: unknown) => (args: unknown) => {
      const name = getFunctionName(mutation as never);
      state.calls.push({ name, args });
      return state.answer ? state.answer(name) : Promise.resolve(name === "users:setRole" ? "applied" : null);
    },
  };
});

const admin = signedIn({ role: "admin", firstName: "Ada" });

beforeEach(() => {
  state.page = { results: [], status: "LoadingFirstPage", loadMore: vi.fn() };
  state.args = [];
  state.calls = [];
  state.answer = null;
});

async function renderUsers(viewer = admin) {
  renderPage(<UsersPage />, { path: "/admin/users", viewer });
  await screen.findByRole("heading", { level: 1, name: "Users" });
}

const rowOf = (name: RegExp) => screen.getByRole("row", { name });

describe("/admin/users", () => {
  it("tells people without an admin account calmly, without asking the server", async () => {
    await renderUsers(signedIn({ role: "coach" }));
    expect(screen.getByRole("alert")).toHaveTextContent("You need an admin account to see this.");
    expect(state.args).toEqual([]);
  });

  it("lists each account with role, tier, status with reason and date, last activity and creation date", async () => {
    state.page = {
      results: [
        user("sam"),
        user("gil", { status: "deactivated", deactivationReason: "inactivity_90_days", deactivatedAt: new Date(2025, 6, 8).getTime(), role: "coach" }),
      ],
      status: "Exhausted",
      loadMore: vi.fn(),
    };
    await renderUsers();
    const sam = rowOf(/Sam Rivera/);
    expect(sam).toHaveTextContent("sam@example.com");
    expect(sam).toHaveTextContent("Client");
    expect(sam).toHaveTextContent("Clarity");
    expect(sam).toHaveTextContent("Active");
    expect(sam).toHaveTextContent("3 days ago");
    const gil = rowOf(/Gil Rivera/);
    expect(gil).toHaveTextContent("Coach");
    expect(gil).toHaveTextContent("Deactivated");
    expect(gil).toHaveTextContent("No activity for 90 days");
    expect(gil).toHaveTextContent("since Jul 8, 2025");
    expect(within(gil).getByRole("button", { name: "Reactivate Gil Rivera" })).toBeInTheDocument();
  });

  it("searches after typing pauses and filters by role and status", async () => {
    state.page = { results: [], status: "Exhausted", loadMore: vi.fn() };
    await renderUsers();
    expect(screen.getByText("No one matches these filters.")).toBeInTheDocument();
    await userEvent.type(screen.getByRole("searchbox", { name: "Search by name or e-mail" }), "ana");
    expect(state.args.at(-1)).toEqual({});
    await act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 50)));
    expect(state.args.at(-1)).toEqual({ search: "ana" });
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Role" }), "Coach");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Status" }), "Deactivated");
    expect(state.args.at(-1)).toEqual({ search: "ana", role: "coach", status: "deactivated" });
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Role" }), "All roles");
    expect(state.args.at(-1)).toEqual({ search: "ana", status: "deactivated" });
  });

  it("loads more on request", async () => {
    const loadMore = vi.fn();
    state.page = { results: [user("sam")], status: "CanLoadMore", loadMore };
    await renderUsers();
    await userEvent.click(screen.getByRole("button", { name: "Load more users" }));
    expect(loadMore).toHaveBeenCalledWith(20);
  });

  it("changes a role after confirming, and shows it pending until the row follows, live", async () => {
    state.page = { results: [user("sam")], status: "Exhausted", loadMore: vi.fn() };
    state.answer = () => Promise.resolve("pending");
    await renderUsers();
    await userEvent.click(screen.getByRole("button", { name: "Change role of Sam Rivera" }));
    const dialog = screen.getByRole("dialog", { name: "Change Sam Rivera's role" });
    await userEvent.selectOptions(within(dialog).getByRole("combobox", { name: "New role" }), "Coach");
    expect(state.calls).toEqual([]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Change role" }));
    expect(state.calls).toEqual([{ name: "users:setRole", args: { userId: "users:sam", role: "coach" } }]);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByText("Role change for Sam Rivera sent. It shows as Coach once the identity provider confirms it.")).toHaveAttribute("aria-live", "polite");

    update({ page: { results: [user("sam", { roleChange: { role: "coach", state: "pending", requestedAt: now } })], status: "Exhausted", loadMore: vi.fn() } });
    expect(rowOf(/Sam Rivera/)).toHaveTextContent("Changing to Coach: waiting for the identity provider to confirm.");
    update({ page: { results: [user("sam", { role: "coach" })], status: "Exhausted", loadMore: vi.fn() } });
    expect(rowOf(/Sam Rivera/)).not.toHaveTextContent("Changing to");
    expect(rowOf(/Sam Rivera/)).toHaveTextContent("Coach");
  });

  it("shows a refused change in the dialog, keeps it open and changes nothing", async () => {
    state.page = { results: [user("ada", { role: "admin" })], status: "Exhausted", loadMore: vi.fn() };
    state.answer = () => Promise.reject(new ConvexError({ code: "LAST_ADMIN", message: ERROR_MESSAGES.LAST_ADMIN }));
    await renderUsers();
    await userEvent.click(screen.getByRole("button", { name: "Change role of Ada Rivera" }));
    const dialog = screen.getByRole("dialog");
    await userEvent.selectOptions(within(dialog).getByRole("combobox", { name: "New role" }), "Client");
    await userEvent.click(within(dialog).getByRole("button", { name: "Change role" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(ERROR_MESSAGES.LAST_ADMIN);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows why a role did not arrive", async () => {
    state.page = {
      results: [user("ada", { role: "admin", roleChange: { role: "client", state: "failed", requestedAt: now, error: ERROR_MESSAGES.LAST_ADMIN } })],
      status: "Exhausted",
      loadMore: vi.fn(),
    };
    await renderUsers();
    expect(rowOf(/Ada Rivera/)).toHaveTextContent(`Not changed to Client. ${ERROR_MESSAGES.LAST_ADMIN}`);
  });

  it("deactivates with a reason and reactivates, each after a confirmation", async () => {
    state.page = { results: [user("sam"), user("gil", { status: "deactivated", deactivationReason: "other" })], status: "Exhausted", loadMore: vi.fn() };
    await renderUsers();
    await userEvent.click(screen.getByRole("button", { name: "Deactivate Sam Rivera" }));
    let dialog = screen.getByRole("dialog", { name: "Deactivate Sam Rivera?" });
    await userEvent.selectOptions(within(dialog).getByRole("combobox", { name: "Reason" }), "Subscription cancelled");
    await userEvent.click(within(dialog).getByRole("button", { name: "Deactivate account" }));
    await userEvent.click(screen.getByRole("button", { name: "Reactivate Gil Rivera" }));
    dialog = screen.getByRole("dialog", { name: "Reactivate Gil Rivera?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Reactivate account" }));
    expect(state.calls).toEqual([
      { name: "users:setStatus", args: { userId: "users:sam", status: "deactivated", reason: "subscription_cancelled" } },
      { name: "users:setStatus", args: { userId: "users:gil", status: "active" } },
    ]);
    expect(screen.getByText("Gil Rivera's account is active again.")).toHaveAttribute("aria-live", "polite");
  });
});
