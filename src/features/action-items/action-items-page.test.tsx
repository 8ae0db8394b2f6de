import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { ActionItemsPage } from "./action-items-page";
import type { ActionItemView, SessionOption } from "./shared";
import { CORA, DAY, HOUR, NOW, dayFrom, item, session } from "./test-fixtures";

const state = {
  items: undefined as ActionItemView[] | undefined,
  sessions: [] as SessionOption[] | undefined,
  transcriptId: null as string | null,
  calls: [] as { name: string; args: unknown }[],
};

vi.mock("convex/react", () => ({
  useQuery: (query: unknown, args: unknown) => {
    if (args === "skip") return undefined;
    const name = getFunctionName(query as never);
    if (name === "actionItems:list") return state.items;
    if (name === "actionItems:sessions") return state.sessions;
    if (name === "transcripts:forSession") return state.transcriptId;
    return undefined;
  },
  useMutation: (mutation: unknown) => (args: unknown) => {
    state.calls.push({ name: getFunctionName(mutation as never), args });
    return Promise.resolve(null);
  },
}));

beforeEach(() => {
  state.items = undefined;
  state.sessions = [session("sessions:1")];
  state.transcriptId = null;
  state.calls = [];
});

async function renderActionItems(viewer = signedIn()) {
  renderPage(<ActionItemsPage />, { path: "/dashboard/action-items", viewer });
  await screen.findByRole("heading", { level: 1, name: "Action Items" });
}

/** The titles of the items listed inside `region`, in order. */
function titlesIn(region: HTMLElement): string[] {
  return within(region)
    .queryAllByRole("listitem")
    .map((entry) => within(entry).getByRole("heading", { level: 3 }).textContent ?? "");
}

const mixed = () => [
  item("late", { title: "Send the invoice", priority: "low", dueDate: dayFrom(-2) }),
  item("soon", {
    title: "Plan the week",
    priority: "high",
    dueDate: dayFrom(3),
    commitmentType: "coach_commitment",
    responsibleUserId: CORA,
  }),
  item("done", { title: "Book the dentist", status: "completed", dueDate: dayFrom(-5) }),
  item("later", { title: "Tidy the desk", priority: "medium", dueDate: dayFrom(10), commitmentType: "mutual_agreement" }),
  item("open", { title: "Call the bank", priority: "urgent", status: "in_progress" }),
];

describe("action items page: My Dashboard", () => {
  it("shows a skeleton while the items load", async () => {
    await renderActionItems();
    expect(screen.getByRole("tab", { name: "My Dashboard", selected: true })).toBeInTheDocument();
    expect(screen.getByText("Loading your action items")).toBeInTheDocument();
  });

  it("invites the first item when there are none", async () => {
    state.items = [];
    await renderActionItems();
    expect(screen.getByText("No action items yet")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Create First Item" }));
    expect(await screen.findByRole("dialog", { name: "New Action Item" })).toBeInTheDocument();
  });

  it("counts total, done, overdue and completion", async () => {
    state.items = mixed();
    await renderActionItems();
    const totals = screen.getByLabelText("Action item totals");
    expect(within(totals).getByText("Total").parentElement).toHaveTextContent("5");
    expect(within(totals).getByText("Done").parentElement).toHaveTextContent("1");
    expect(within(totals).getByText("Overdue").parentElement).toHaveTextContent("1");
    expect(within(totals).getByText("Completion").parentElement).toHaveTextContent("20%1 of 5 done");
  });

  it("warns in red about overdue items and in amber about items due within 7 days", async () => {
    state.items = mixed();
    await renderActionItems();
    const overdue = screen.getByRole("region", { name: "1 item is overdue" });
    expect(overdue).toHaveClass("border-destructive/50");
    // Due in 3 days counts; due in 10 days, overdue and completed items do not.
    expect(screen.getByRole("region", { name: "1 item is due within 7 days" })).toHaveClass("bg-warning-muted");
    await userEvent.click(within(overdue).getByRole("button", { name: "Show overdue items" }));
    expect(screen.getByLabelText("Status")).toHaveValue("overdue");
    expect(titlesIn(screen.getByRole("region", { name: "Urgent" }))).toEqual(["Send the invoice"]);
  });

  it("shows no banners when nothing is late or due soon", async () => {
    state.items = [item("a", { dueDate: dayFrom(20) })];
    await renderActionItems();
    expect(screen.queryByRole("region", { name: /overdue|due within/ })).not.toBeInTheDocument();
  });

  it("sorts items into priority sections and adds overdue ones to Urgent", async () => {
    state.items = mixed();
    await renderActionItems();
    const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(["Urgent", "High Priority", "Medium Priority"]);
    expect(titlesIn(screen.getByRole("region", { name: "Urgent" }))).toEqual(["Send the invoice", "Call the bank"]);
    expect(titlesIn(screen.getByRole("region", { name: "High Priority" }))).toEqual(["Plan the week"]);
    expect(titlesIn(screen.getByRole("region", { name: "Medium Priority" }))).toEqual(["Tidy the desk", "Book the dentist"]);
    const late = screen.getByRole("listitem", { name: "Send the invoice" });
    expect(late).toHaveTextContent("Overdue by 2 days");
    expect(within(late).getByText("Status:").parentElement).toHaveClass("text-destructive");
    expect(late).toHaveTextContent("Status: Overdue");
    expect(screen.getByRole("listitem", { name: "Plan the week" })).toHaveTextContent("Due in 3 days");
  });

  it("filters by owner, status and priority", async () => {
    state.items = mixed();
    await renderActionItems();
    const owner = screen.getByLabelText("Owner");
    expect(
      within(owner)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["All Items", "My Tasks", "Coach Tasks", "Mutual Agreements"]);
    await userEvent.selectOptions(owner, "Coach Tasks");
    expect(screen.getAllByRole("listitem").map((entry) => entry.getAttribute("aria-labelledby"))).toEqual(["action-item-soon"]);
    expect(screen.getByText("Showing 1 of 5 items")).toBeInTheDocument();
    await userEvent.selectOptions(owner, "Mutual Agreements");
    expect(screen.getByRole("listitem", { name: "Tidy the desk" })).toBeInTheDocument();
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
    await userEvent.selectOptions(owner, "My Tasks");
    expect(screen.getAllByRole("listitem")).toHaveLength(3);

    await userEvent.selectOptions(owner, "All Items");
    await userEvent.selectOptions(screen.getByLabelText("Status"), "Completed");
    expect(screen.getAllByRole("listitem").map((entry) => entry.textContent)).toEqual([expect.stringContaining("Book the dentist")]);
    await userEvent.selectOptions(screen.getByLabelText("Status"), "In Progress");
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
    expect(screen.getByRole("listitem", { name: "Call the bank" })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText("Status"), "All statuses");
    await userEvent.selectOptions(screen.getByLabelText("Priority"), "Low");
    expect(screen.getByRole("listitem", { name: "Send the invoice" })).toBeInTheDocument();
    expect(screen.getAllByRole("listitem")).toHaveLength(1);

    await userEvent.selectOptions(screen.getByLabelText("Status"), "Blocked");
    expect(screen.getByText("No action items match these filters.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(screen.getAllByRole("listitem")).toHaveLength(5);
  });

  it("uses the coach's words for a coach", async () => {
    state.items = [item("a", { title: "Draft the plan" })];
    await renderActionItems(signedIn({ _id: CORA, role: "coach", userType: "coach", firstName: "Cora" }));
    expect(within(screen.getByLabelText("Owner")).getByRole("option", { name: "Client Tasks" })).toBeInTheDocument();
    expect(screen.getByRole("listitem", { name: "Draft the plan" })).toHaveTextContent("Client Commitment · Maya Lopez");
  });

  it("lists items grouped by status and sorts them by priority, due date or recency", async () => {
    state.items = [
      ...mixed(),
      item("blocked", { title: "Fix the printer", status: "blocked" }),
      item("a", { title: "Write the offer", priority: "high", dueDate: dayFrom(5), updatedAt: NOW - 3 * HOUR }),
      item("b", { title: "Answer Sam", priority: "low", dueDate: dayFrom(1), updatedAt: NOW - 2 * HOUR }),
    ];
    await renderActionItems();
    expect(screen.queryByLabelText("Sort by")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "List" }));
    expect(screen.getByRole("button", { name: "List" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual([
      "Overdue",
      "In Progress",
      "Pending",
      "Blocked",
      "Completed",
    ]);
    const pending = () => titlesIn(screen.getByRole("region", { name: "Pending" }));
    expect(pending()).toEqual(["Plan the week", "Write the offer", "Tidy the desk", "Answer Sam"]);
    await userEvent.selectOptions(screen.getByLabelText("Sort by"), "Due date");
    expect(pending()).toEqual(["Answer Sam", "Plan the week", "Write the offer", "Tidy the desk"]);
    await userEvent.selectOptions(screen.getByLabelText("Sort by"), "Recently changed");
    expect(pending()).toEqual(["Plan the week", "Tidy the desk", "Answer Sam", "Write the offer"]);
  });

  it("opens an item's details with its quote, transcript link and AI confidence", async () => {
    state.items = [
      item("a", {
        title: "Send the invoice",
        description: "The one for March.",
        dueDate: dayFrom(3),
        tags: ["money", "admin"],
        estimatedMinutes: 20,
        transcriptQuote: "I'll send the invoice by Friday",
        transcriptTimestamp: "12:05",
        extractionConfidence: 87,
      }),
    ];
    state.transcriptId = "transcripts:1";
    await renderActionItems();
    await userEvent.click(screen.getByRole("button", { name: "Send the invoice" }));
    const dialog = await screen.findByRole("dialog", { name: "Send the invoice" });
    expect(dialog).toHaveTextContent("The one for March.");
    expect(dialog).toHaveTextContent(/Due date.*Due in 3 days/);
    expect(dialog).toHaveTextContent("CommitmentMy Commitment");
    expect(dialog).toHaveTextContent("Tagsmoney, admin");
    expect(dialog).toHaveTextContent("Estimated time20 min");
    expect(within(dialog).getByText("I'll send the invoice by Friday")).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Open the transcript at 12:05" })).toHaveAttribute(
      "href",
      "/dashboard/transcripts/transcripts:1#at-12-05",
    );
    expect(dialog).toHaveTextContent("AI Confidence87%");
    await userEvent.click(within(dialog).getByRole("button", { name: "Edit" }));
    expect(await screen.findByRole("dialog", { name: "Edit Action Item" })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue("Send the invoice");
  });

  it("leaves out AI confidence and the link when there is none", async () => {
    state.items = [item("a", { title: "Plan the week", transcriptTimestamp: "03:10" })];
    await renderActionItems();
    await userEvent.click(screen.getByRole("button", { name: "Plan the week" }));
    const dialog = await screen.findByRole("dialog", { name: "Plan the week" });
    expect(dialog).not.toHaveTextContent("AI Confidence");
    expect(within(dialog).queryByRole("link")).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent("03:10");
  });

  it("offers Mark Complete unless completed and Start Progress unless in progress", async () => {
    state.items = [
      item("p", { title: "Pending one" }),
      item("i", { title: "Running one", status: "in_progress" }),
      item("c", { title: "Finished one", status: "completed" }),
    ];
    await renderActionItems();
    const menuOf = async (title: string) => {
      await userEvent.click(screen.getByRole("button", { name: `Actions for ${title}` }));
      const menu = await screen.findByRole("menu");
      const names = within(menu)
        .getAllByRole("menuitem")
        .map((entry) => entry.textContent);
      await userEvent.keyboard("{Escape}");
      return names;
    };
    expect(await menuOf("Pending one")).toEqual(["Mark Complete", "Start Progress", "Edit"]);
    expect(await menuOf("Running one")).toEqual(["Mark Complete", "Edit"]);
    expect(await menuOf("Finished one")).toEqual(["Start Progress", "Edit"]);

    await userEvent.click(screen.getByRole("button", { name: "Actions for Pending one" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Mark Complete" }));
    await userEvent.click(screen.getByRole("button", { name: "Actions for Finished one" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Start Progress" }));
    expect(state.calls).toEqual([
      { name: "actionItems:updateStatus", args: { id: "p", status: "completed" } },
      { name: "actionItems:updateStatus", args: { id: "c", status: "in_progress" } },
    ]);

    await userEvent.click(screen.getByRole("button", { name: "Actions for Running one" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Edit" }));
    expect(await screen.findByRole("dialog", { name: "Edit Action Item" })).toBeInTheDocument();
  });
});

describe("action items page: Session View", () => {
  const sessions = () => [
    session("sessions:next", { title: "Focus check-in", startsAt: NOW + 26 * HOUR, endsAt: NOW + 27 * HOUR, status: "scheduled" }),
    session("sessions:1", { title: "Weekly planning", startsAt: NOW - 2 * DAY }),
    session("sessions:old", { title: "Kick-off", startsAt: NOW - 20 * DAY }),
  ];
  const items = () => [
    item("a", { title: "Send the invoice", status: "completed" }),
    item("b", { title: "Plan the week", dueDate: dayFrom(-1) }),
    item("c", { title: "Set up the calendar", sessionId: "sessions:old" as never, status: "completed" }),
    item("d", { title: "Try the timer", sessionId: "sessions:old" as never, status: "completed" }),
    item("e", { title: "Pick a notebook", sessionId: "sessions:old" as never, status: "in_progress" }),
  ];

  async function openSessionView() {
    await renderActionItems();
    await userEvent.click(screen.getByRole("tab", { name: "Session View" }));
    return screen.findByRole("heading", { name: "Session Timeline" });
  }

  /** The accordion's session headers, in order, by title. */
  const sessionTitles = () =>
    Array.from(document.querySelectorAll("h3[data-orientation] > button"), (button) => button.textContent?.split(" · ")[0]);

  it("shows the coach which clients have gentle nudges on", async () => {
    state.items = items();
    state.sessions = [session("sessions:1", { memberNudgesOn: true }), session("sessions:old", { title: "Kick-off", startsAt: NOW - 20 * DAY, memberNudgesOn: false })];
    await renderActionItems(signedIn({ _id: CORA, role: "coach", userType: "coach", firstName: "Cora" }));
    await userEvent.click(screen.getByRole("tab", { name: "Session View" }));
    expect(await screen.findByRole("button", { name: /^Weekly planning · Maya Lopez/ })).toHaveTextContent("Nudges on");
    expect(screen.getByRole("button", { name: /^Kick-off/ })).not.toHaveTextContent("Nudges on");
  });

  it("lists every session with its progress and reviews the next one", async () => {
    state.items = items();
    state.sessions = sessions();
    await openSessionView();
    expect(sessionTitles()).toEqual(["Focus check-in", "Weekly planning", "Kick-off"]);
    expect(screen.getByRole("button", { name: /^Weekly planning/ })).toHaveTextContent("1 of 2 done · 1 overdue");
    expect(screen.getByRole("button", { name: /^Kick-off/ })).toHaveTextContent("2 of 3 done");
    expect(screen.getByRole("button", { name: /^Focus check-in/ })).toHaveTextContent("Upcoming");
    expect(screen.getByRole("button", { name: /^Focus check-in/ })).toHaveTextContent("No action items");

    const review = screen.getByRole("region", { name: "Pre-Session Review" });
    expect(review).toHaveTextContent("Focus check-in with Cora Lindqvist starts in 1 day");
    expect(review).toHaveTextContent("2 open items are waiting");
    await userEvent.click(within(review).getByRole("button", { name: "Show these items" }));
    expect(screen.getByRole("button", { name: /^Weekly planning/ })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("button", { name: /^Kick-off/ })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("listitem", { name: "Pick a notebook" })).toBeInTheDocument();
  });

  it("filters upcoming and past sessions and sorts by action count", async () => {
    state.items = items();
    state.sessions = sessions();
    await openSessionView();
    await userEvent.selectOptions(screen.getByLabelText("Show"), "Upcoming");
    expect(sessionTitles()).toEqual(["Focus check-in"]);
    await userEvent.selectOptions(screen.getByLabelText("Show"), "Past Sessions");
    expect(sessionTitles()).toEqual(["Weekly planning", "Kick-off"]);
    await userEvent.selectOptions(screen.getByLabelText("Sort"), "By Action Count");
    expect(sessionTitles()).toEqual(["Kick-off", "Weekly planning"]);
  });

  it("opens a session's items and adds one to that session", async () => {
    state.items = items();
    state.sessions = sessions();
    await openSessionView();
    await userEvent.click(screen.getByRole("button", { name: /^Weekly planning/ }));
    const item = screen.getByRole("listitem", { name: "Plan the week" });
    expect(item).toHaveTextContent("Due yesterday");
    await userEvent.click(screen.getByRole("button", { name: "Add an item to this session" }));
    const dialog = await screen.findByRole("dialog", { name: "New Action Item" });
    expect(within(dialog).getByLabelText(/^Session/)).toHaveValue("sessions:1");
  });

  it("shows no review banner when nothing is open", async () => {
    state.items = [item("a", { status: "completed" })];
    state.sessions = sessions();
    await openSessionView();
    expect(screen.queryByRole("region", { name: "Pre-Session Review" })).not.toBeInTheDocument();
  });
});
