import type { Id } from "@convex/_generated/dataModel";
import { ACTION_ITEM_MESSAGES } from "@convex/model/messages";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import type { Viewer } from "@/features/auth/viewer";
import { signedIn, testAuthSession } from "@/test/auth";
import { renderApp } from "@/test/render-app";
import { CommandPalette, GROUP_PREVIEW, MAX_RESULTS } from "./command-palette";
import type { PaletteEntries } from "./commands";
import { RECENT_STORAGE_KEY } from "./recent";
import { paletteEntries } from "./test-fixtures";

const NOW = Date.now();
const HOUR = 60 * 60 * 1000;

function entries(): PaletteEntries {
  return paletteEntries(NOW, {
    startsIn: 26 * HOUR,
    openItems: [
      { _id: "actionItems:a" as Id<"actionItems">, title: "Email the accountant", priority: "high", overdue: false },
      { _id: "actionItems:b" as Id<"actionItems">, title: "Sort the inbox", priority: "low", overdue: false },
    ],
    transcripts: [],
  });
}

const state = {
  entries: entries() as PaletteEntries | undefined,
  queried: [] as unknown[],
  calls: [] as { name: string; args: unknown }[],
  answers: {} as Record<string, () => Promise<unknown>>,
};
vi.mock("convex/react", () => ({
  useQuery: (query: unknown, args: unknown) => {
    if (getFunctionName(query as never) !== "commandPalette:entries") return undefined;
    state.queried.push(args);
    return args === "skip" ? undefined : state.entries;
  },
  useMutation: (mutation: unknown) => (args: unknown) => {
    const name = getFunctionName(mutation as never);
    state.calls.push({ name, args });
    return state.answers[name]?.() ?? Promise.resolve(null);
  },
}));

const callsOf = (name: string) => state.calls.filter((call) => call.name === name).map((call) => call.args);

beforeEach(() => {
  state.entries = entries();
  state.queried = [];
  state.calls = [];
  state.answers = {};
});

async function openPalette(viewer: Viewer = { status: "signed-out" }, path = "/about") {
  const user = userEvent.setup();
  const auth = testAuthSession(viewer.status === "signed-in" ? "signed-in" : "signed-out");
  const app = renderApp(path, { viewer, auth: auth.session });
  await screen.findByRole("heading", { level: 1 });
  await user.keyboard("{Control>}k{/Control}");
  const dialog = await screen.findByRole("dialog", { name: "Command palette" });
  return { user, app, dialog, auth, input: within(dialog).getByRole("combobox") };
}

const groupHeadings = (dialog: HTMLElement) =>
  Array.from(dialog.querySelectorAll("[cmdk-group-heading]")).map((heading) => heading.textContent);
const options = (dialog: HTMLElement) => within(dialog).queryAllByRole("option").map((option) => option.textContent);
const path = (app: { router: { state: { location: { pathname: string } } } }) => app.router.state.location.pathname;

describe("command palette", () => {
  it("opens with Ctrl+K and lists the visitor's groups, numbered", async () => {
    const { dialog, input } = await openPalette();
    expect(input).toHaveFocus();
    expect(groupHeadings(dialog)).toEqual(["1Navigation", "2Theme", "3Account"]);
    expect(options(dialog)).toEqual(expect.arrayContaining(["Sign In", "Create Account", "Light", "Dark", "Auto"]));
  });

  it("opens with Cmd+K too, and from the header's button", async () => {
    const user = userEvent.setup();
    renderApp("/about");
    await screen.findByRole("heading", { level: 1 });
    await user.keyboard("{Meta>}k{/Meta}");
    expect(await screen.findByRole("dialog", { name: "Command palette" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const launcher = screen.getByRole("button", { name: "Search and commands" });
    // Named by the text it shows ("Search"), not by a label that differs from it (WCAG 2.5.3).
    expect(launcher).not.toHaveAttribute("aria-label");
    expect(launcher).toHaveTextContent(/^Search/);
    await user.click(launcher);
    expect(await screen.findByRole("dialog", { name: "Command palette" })).toBeInTheDocument();
  });

  it("Escape closes and focus returns where it was", async () => {
    const user = userEvent.setup();
    renderApp("/about");
    await screen.findByRole("heading", { level: 1 });
    const pricing = screen.getAllByRole("link", { name: "Pricing" })[0]!;
    pricing.focus();
    await user.keyboard("{Control>}k{/Control}");
    await screen.findByRole("dialog", { name: "Command palette" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(pricing).toHaveFocus());
  });

  it("a number key opens a group, a second one runs its item", async () => {
    const { user, dialog } = await openPalette();
    await user.keyboard("2");
    expect(groupHeadings(dialog)).toEqual(["Theme"]);
    expect(within(dialog).getByRole("button", { name: /Theme: show all groups/ })).toBeInTheDocument();
    await user.keyboard("2");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(document.documentElement).toHaveClass("dark");
  });

  it("Backspace with nothing typed goes back from a group to all groups", async () => {
    const { user, dialog } = await openPalette();
    await user.keyboard("3");
    expect(groupHeadings(dialog)).toEqual(["Account"]);
    await user.keyboard("{Backspace}");
    expect(groupHeadings(dialog)).toEqual(["1Navigation", "2Theme", "3Account"]);
  });

  it("typing ranks the matches; a number key runs a numbered result and lands on its page", async () => {
    const { user, app, dialog } = await openPalette();
    await user.keyboard("pric");
    expect(options(dialog)[0]).toMatch(/^Pricing/);
    await user.keyboard("1");
    await waitFor(() => expect(path(app)).toBe("/pricing"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("arrows move the highlight and Enter runs it", async () => {
    const { user, app, dialog } = await openPalette();
    await user.keyboard("blog");
    const first = within(dialog).getAllByRole("option")[0]!;
    expect(first).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowDown}{ArrowUp}{Enter}");
    await waitFor(() => expect(path(app)).toBe("/blog"));
  });

  it("says so when nothing matches", async () => {
    const { user, dialog } = await openPalette();
    await user.keyboard("zzzz");
    expect(within(dialog).getByText("No results found.")).toBeInTheDocument();
    expect(within(dialog).queryAllByRole("option")).toEqual([]);
  });

  it("puts recently used commands first while nothing is typed", async () => {
    const { user } = await openPalette();
    await user.keyboard("faq{Enter}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(JSON.parse(window.localStorage.getItem(RECENT_STORAGE_KEY) ?? "[]")).toEqual(["page:/faq"]);
    await user.keyboard("{Control>}k{/Control}");
    const dialog = await screen.findByRole("dialog", { name: "Command palette" });
    expect(groupHeadings(dialog)[0]).toBe("Recent");
    expect(within(dialog).getAllByRole("option")[0]).toHaveTextContent("FAQ");
  });

  it("guests get no Dashboard commands and no live entries", async () => {
    const { dialog, user } = await openPalette(signedIn({ role: "guest_temporary", userType: "guest_temporary" }));
    expect(groupHeadings(dialog)).toEqual(["1Navigation", "2Theme", "3Account"]);
    expect(state.queried.every((args) => args === "skip")).toBe(true);
    await user.keyboard("add Call the bank");
    expect(options(dialog).some((label) => label?.startsWith("Add action item"))).toBe(false);
  });

  it("admins see the admin pages", async () => {
    const { user, dialog } = await openPalette(signedIn({ role: "admin", userType: "admin" }));
    await user.keyboard("admin");
    expect(options(dialog)).toEqual(expect.arrayContaining([expect.stringMatching(/^Admin: Users/)]));
  });

  it("account entries open the account settings dialog on their tab; closing it returns focus", async () => {
    const { user } = await openPalette(signedIn());
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Command palette" })).not.toBeInTheDocument());
    const before = screen.getAllByRole("link", { name: "Pricing" })[0]!;
    before.focus();
    await user.keyboard("{Control>}k{/Control}");
    await screen.findByRole("dialog", { name: "Command palette" });
    await user.keyboard("notification settings{Enter}");
    const settings = await screen.findByRole("dialog", { name: "Account settings" });
    expect(within(settings).getByRole("tab", { name: "Notifications" })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(document.activeElement).toBe(before));
  });

  it("Sign Out signs out as the account menu does", async () => {
    const { user, auth } = await openPalette(signedIn());
    await user.keyboard("sign out{Enter}");
    await waitFor(() => expect(auth.signOut).toHaveBeenCalled());
  });
});

describe("command palette for members", () => {
  it("adds the Dashboard group with the live entries", async () => {
    const { dialog, user } = await openPalette(signedIn());
    expect(groupHeadings(dialog)).toEqual(["1Navigation", "2Theme", "3Account", "4Dashboard"]);
    await user.keyboard("4");
    const listed = options(dialog);
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Next Session: Weekly planning/),
        expect.stringMatching(/^Mark Done: Email the accountant/),
        expect.stringMatching(/^Recording: Planning call/),
        expect.stringMatching(/^120 minutes left/),
      ]),
    );
  });

  it('answers "minutes" with the time balance', async () => {
    const { dialog, user } = await openPalette(signedIn());
    await user.keyboard("minutes");
    expect(within(dialog).getAllByRole("option")[0]).toHaveTextContent("120 minutes left");
  });

  it("marks an action item done, closes and says so", async () => {
    const { dialog, user } = await openPalette(signedIn());
    await user.keyboard("email the");
    expect(within(dialog).getAllByRole("option")[0]).toHaveTextContent("Mark Done: Email the accountant");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(callsOf("actionItems:updateStatus")).toEqual([{ id: "actionItems:a", status: "completed" }]));
    // Done, the palette closes and says so outside it, so the next Ctrl+K opens it again.
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Command palette" })).not.toBeInTheDocument());
    expect(await screen.findByRole("status", { name: "Command result" })).toHaveTextContent('Marked "Email the accountant" done.');
    await user.keyboard("{Control>}k{/Control}");
    expect(await screen.findByRole("dialog", { name: "Command palette" })).toBeInTheDocument();
  });

  it('"add <words>" creates an action item', async () => {
    const { dialog, user, input } = await openPalette(signedIn());
    await user.keyboard("add Call the bank 2 times");
    expect(input).toHaveValue("add Call the bank 2 times");
    expect(within(dialog).getAllByRole("option")[0]).toHaveTextContent("Add action item: Call the bank 2 times");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(callsOf("actionItems:quickAdd")).toEqual([{ title: "Call the bank 2 times" }]));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Command palette" })).not.toBeInTheDocument());
    expect(await screen.findByRole("status", { name: "Command result" })).toHaveTextContent('Added "Call the bank 2 times" to your action items.');
    // The next Ctrl+K opens the palette, empty, rather than closing it.
    await user.keyboard("{Control>}k{/Control}");
    const reopened = await screen.findByRole("dialog", { name: "Command palette" });
    expect(within(reopened).getByRole("combobox")).toHaveValue("");
  });

  it("free text that fails the form's rules shows the error inline and creates nothing", async () => {
    const { dialog, user, input } = await openPalette(signedIn());
    await user.keyboard("add{Enter}");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(ACTION_ITEM_MESSAGES.TITLE_REQUIRED);
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(callsOf("actionItems:quickAdd")).toEqual([]);
  });

  it("the server's field error shows inline too", async () => {
    state.answers["actionItems:quickAdd"] = () =>
      Promise.reject(
        new ConvexError({
          code: "INVALID_ACTION_ITEM",
          message: ACTION_ITEM_MESSAGES.INVALID_ACTION_ITEM,
          fields: { sessionId: ACTION_ITEM_MESSAGES.QUICK_ADD_NO_SESSION },
        }),
      );
    const { dialog, user } = await openPalette(signedIn());
    await user.keyboard("add Call the bank{Enter}");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(ACTION_ITEM_MESSAGES.QUICK_ADD_NO_SESSION);
  });

  it("reads live entries only while open", async () => {
    const { user } = await openPalette(signedIn());
    expect(state.queried.at(-1)).toEqual({});
    await user.keyboard("{Escape}");
    await waitFor(() => expect(state.queried.at(-1)).toBe("skip"));
  });
});

describe("long lists", () => {
  const many = Array.from({ length: 40 }, (_, index) => ({
    id: `sample:${index + 1}`,
    label: `Sample command ${index + 1}`,
    keywords: ["sample"],
    group: "navigation" as const,
    action: { kind: "navigate" as const, to: "/" },
  }));

  it("lists a preview of each group, with the way to the rest, and caps a search's results", async () => {
    const user = userEvent.setup();
    render(<CommandPalette open onOpenChange={() => {}} commands={many} onRun={() => {}} />);
    const dialog = await screen.findByRole("dialog", { name: "Command palette" });
    expect(within(dialog).getAllByRole("option")).toHaveLength(GROUP_PREVIEW + 1);
    const more = within(dialog).getByRole("option", { name: "Show all 40 in Navigation (press 1)" });
    await user.click(more);
    expect(within(dialog).getAllByRole("option")).toHaveLength(40);
    within(dialog).getByRole("combobox").focus();
    await user.keyboard("{Backspace}sample");
    expect(within(dialog).getAllByRole("option")).toHaveLength(MAX_RESULTS);
  });
});
