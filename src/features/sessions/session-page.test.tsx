import type { Id } from "@convex/_generated/dataModel";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { SessionPage } from "./session-page";
import { formatCountdown, joinState, transcriptFormat } from "./session-state";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
// Wed, Jul 9, 2025, 12:00 UTC (14:00 in Berlin).
const NOW = Date.UTC(2025, 6, 9, 12, 0, 0);
const SESSION_ID = "sessions:s1" as Id<"sessions">;

function joinData(overrides: { startsAt?: number; status?: string; canRun?: boolean; startedAt?: number } = {}) {
  const startsAt = overrides.startsAt ?? NOW + 65 * MINUTE;
  const endsAt = startsAt + 60 * MINUTE;
  return {
    session: {
      _id: SESSION_ID,
      title: "Weekly planning",
      description: "Plan the week together.",
      coachId: "users:coach",
      memberId: "users:maya",
      startsAt,
      endsAt,
      durationMinutes: 60,
      status: overrides.status ?? "scheduled",
      ...(overrides.startedAt === undefined ? {} : { startedAt: overrides.startedAt }),
    },
    coachName: "Chris Coach",
    memberName: "Maya Lopez",
    meetingUrl: "https://meet.example.com/abc",
    joinOpensAt: startsAt - 10 * MINUTE,
    joinClosesAt: endsAt,
    canRun: overrides.canRun ?? false,
  };
}

function agendaData(overrides: Record<string, unknown> = {}) {
  return { mode: "draft", lines: [], canEdit: true, checkIn: null, canCheckIn: true, ...overrides };
}

const OVERDUE_LINE = { key: "commitment:a", source: "commitment", text: "Finish the budget", done: false, actionItemId: "actionItems:a", dueDate: "2025-07-07", overdue: true };
const QUOTE_LINE = { key: "point:t:0", source: "key_point", text: "I decided to keep Fridays free.", done: false, timestamp: "12:45" };

const state = {
  join: undefined as unknown,
  transcriptId: null as string | null,
  extraction: { run: null, proposals: [] } as unknown,
  items: [] as unknown[],
  agenda: undefined as unknown,
  fail: null as Error | null,
  calls: [] as { name: string; args: unknown }[],
  results: {} as Record<string, unknown>,
  errors: {} as Record<string, Error>,
};

vi.mock("convex/react", () => ({
  useQuery: (query: unknown) => {
    if (state.fail) throw state.fail;
    const queries: Record<string, unknown> = {
      "sessions:join": state.join,
      "transcripts:forSession": state.transcriptId,
      "extraction:forSession": state.extraction,
      "actionItems:list": state.items,
      "agenda:get": state.agenda,
    };
    return queries[getFunctionName(query as never)];
  },
  useMutation: (mutation: unknown) => {
    const run = (args: unknown) => {
      const name = getFunctionName(mutation as never);
      state.calls.push({ name, args });
      return state.errors[name] ? Promise.reject(state.errors[name]) : Promise.resolve(state.results[name] ?? null);
    };
    return Object.assign(run, { withOptimisticUpdate: () => run });
  },
}));

beforeEach(() => {
  // Only the clock and the countdown's interval are faked; the router and testing library keep real timeouts.
  vi.useFakeTimers({ now: NOW, toFake: ["Date", "setInterval", "clearInterval"] });
  state.join = joinData();
  state.transcriptId = null;
  state.extraction = { run: null, proposals: [] };
  state.items = [];
  state.agenda = agendaData();
  state.fail = null;
  state.calls = [];
  state.results = {};
  state.errors = {};
});

afterEach(() => vi.useRealTimers());

async function renderSession() {
  renderPage(<SessionPage sessionId={SESSION_ID} />, { path: "/session/s1", viewer: signedIn({ timezone: "Europe/Berlin" }) });
  await screen.findByRole("heading", { level: 1, name: "Weekly planning" });
}

function tick(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe("session countdown and join window", () => {
  it("formats the time left", () => {
    expect(formatCountdown(65 * MINUTE)).toBe("1 h 05 min");
    expect(formatCountdown(9 * MINUTE + 5 * SECOND)).toBe("9 min 05 s");
    expect(formatCountdown(42 * SECOND)).toBe("42 s");
    expect(formatCountdown(26 * 60 * MINUTE)).toBe("1 day 2 h");
    expect(formatCountdown(-5)).toBe("0 s");
  });

  it("counts down every second and opens Join ten minutes before the start", async () => {
    await renderSession();
    expect(screen.getByRole("timer")).toHaveTextContent("Starts in 1 h 05 min");
    expect(screen.getByText("in 1 h 5 min · Jul 9, 2025, 3:05 PM")).toBeInTheDocument();
    expect(screen.getByText("Chris Coach")).toBeInTheDocument();
    expect(screen.getByText("Maya Lopez")).toBeInTheDocument();
    const closed = screen.getByRole("button", { name: "Join session" });
    expect(closed).toBeDisabled();
    expect(closed).toHaveAccessibleDescription("Opens 10 minutes before the start");

    tick(55 * MINUTE - SECOND);
    expect(screen.getByRole("timer")).toHaveTextContent("Starts in 10 min 01 s");
    expect(screen.getByRole("button", { name: "Join session" })).toBeDisabled();

    tick(SECOND);
    expect(screen.getByRole("timer")).toHaveTextContent("Starts in 10 min 00 s");
    const join = screen.getByRole("link", { name: /Join session/ });
    expect(join).toHaveAttribute("href", "https://meet.example.com/abc");
    expect(join).toHaveAttribute("target", "_blank");
    expect(screen.getByText("The session is open. You can join now.")).toHaveAttribute("aria-live", "polite");

    tick(30 * MINUTE);
    expect(screen.getByRole("timer")).toHaveTextContent("In progress · ends in 40 min 00 s");

    tick(40 * MINUTE);
    expect(screen.getByRole("timer")).toHaveTextContent("This session has ended");
    expect(screen.getByRole("button", { name: "Join session" })).toHaveAccessibleDescription("This session has ended");
  });

  it("explains why a cancelled session can't be joined", async () => {
    state.join = joinData({ startsAt: NOW + 5 * MINUTE, status: "cancelled" });
    await renderSession();
    expect(screen.getByRole("button", { name: "Join session" })).toHaveAccessibleDescription("This session was cancelled");
    expect(joinState({ status: "completed" }, { joinOpensAt: NOW - MINUTE, joinClosesAt: NOW + MINUTE }, NOW)).toEqual({
      open: false,
      reason: "This session has ended",
    });
  });

  it("links to the transcript when there is one", async () => {
    state.transcriptId = "t1";
    await renderSession();
    expect(screen.getByRole("link", { name: "Read the transcript" })).toHaveAttribute("href", "/dashboard/transcripts/t1");
  });

  it("shows a calm message with a way back when the session is missing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    state.fail = new ConvexError({ code: "SESSION_NOT_FOUND", message: "We couldn't find that session." });
    renderPage(<SessionPage sessionId={SESSION_ID} />, { path: "/session/s1", viewer: signedIn() });
    expect(await screen.findByRole("alert")).toHaveTextContent("We couldn't find that session.");
    expect(screen.getByRole("link", { name: "Go to your bookings" })).toHaveAttribute("href", "/dashboard/bookings");
  });
});

describe("coach controls", () => {
  it("are hidden from people who can't run the session", async () => {
    await renderSession();
    expect(screen.queryByRole("heading", { name: "Run this session" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Start session/ })).not.toBeInTheDocument();
  });

  it("start the session inside the join window", async () => {
    state.join = joinData({ startsAt: NOW + 5 * MINUTE, canRun: true });
    await renderSession();
    expect(screen.getByRole("heading", { name: "Run this session" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Mark completed" })).toBeDisabled();
    expect(screen.getByText("You can add the transcript and recording once the session has started.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Start session" }));
    expect(state.calls).toEqual([{ name: "sessions:start", args: { sessionId: SESSION_ID } }]);
  });

  it("ask before marking a no-show, and show the server's refusal", async () => {
    state.join = joinData({ startsAt: NOW - 5 * MINUTE, canRun: true, startedAt: NOW - 5 * MINUTE });
    await renderSession();
    expect(screen.queryByRole("button", { name: "Start session" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Mark no-show" }));
    const dialog = screen.getByRole("dialog", { name: "Mark this session as a no-show?" });
    expect(state.calls).toEqual([]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Yes, mark no-show" }));
    expect(state.calls).toEqual([{ name: "sessions:markNoShow", args: { sessionId: SESSION_ID } }]);

    state.errors["sessions:complete"] = new ConvexError({
      code: "SESSION_NOT_CHANGEABLE",
      message: "This session has already started, ended or been cancelled, so it can't be changed.",
    });
    await userEvent.click(screen.getByRole("button", { name: "Mark completed" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("so it can't be changed");
  });

  it("upload a WebVTT transcript from a file", async () => {
    state.join = joinData({ startsAt: NOW - 5 * MINUTE, canRun: true });
    state.results["transcripts:upload"] = "transcripts:t1";
    await renderSession();
    const vtt = "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Chris>Hello there</v>\n";
    // jsdom's File has no text(); browsers do.
    const file = Object.assign(new File([vtt], "call.vtt", { type: "text/vtt" }), { text: () => Promise.resolve(vtt) });
    await userEvent.upload(screen.getByLabelText("Transcript file"), file);
    expect(screen.getByLabelText("Transcript text")).toHaveValue(vtt);
    await userEvent.click(screen.getByRole("button", { name: "Upload transcript" }));
    expect(state.calls).toEqual([{ name: "transcripts:upload", args: { sessionId: SESSION_ID, content: vtt, format: "vtt" } }]);
    expect(await screen.findByText("Transcript saved.")).toBeInTheDocument();
    expect(transcriptFormat(null, "[00:01] Ana: hi")).toBe("text");
    expect(transcriptFormat(null, "\uFEFFWEBVTT\n")).toBe("vtt");
  });

  it("show the transcript's field error beside the text", async () => {
    state.join = joinData({ startsAt: NOW - 5 * MINUTE, canRun: true });
    state.errors["transcripts:upload"] = new ConvexError({
      code: "INVALID_TRANSCRIPT",
      message: "We couldn't read that transcript.",
      fields: { content: "We found no timestamped lines. Each line should start like [01:05] Speaker: text." },
    });
    await renderSession();
    await userEvent.click(screen.getByRole("button", { name: "Upload transcript" }));
    expect(screen.getByText("The transcript is empty.")).toBeInTheDocument();
    expect(state.calls).toEqual([]);
    await userEvent.click(screen.getByLabelText("Transcript text"));
    await userEvent.paste("hello without times");
    await userEvent.click(screen.getByRole("button", { name: "Upload transcript" }));
    const field = screen.getByLabelText("Transcript text");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription(/We found no timestamped lines/);
    expect(state.calls[0]).toMatchObject({ args: { content: "hello without times", format: "text" } });
  });

  it("upload a recording to storage and save it", async () => {
    state.join = joinData({ startsAt: NOW - 5 * MINUTE, canRun: true });
    state.results["recordings:generateUploadUrl"] = "https://upload.example.com/abc";
    state.results["recordings:save"] = "r1";
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(JSON.stringify({ storageId: "storage:1" })));
    await renderSession();
    const file = new File(["video"], "call.mp4", { type: "video/mp4" });
    await userEvent.upload(screen.getByLabelText(/Recording file/), file);
    await userEvent.click(screen.getByRole("button", { name: "Upload recording" }));
    expect(fetch).toHaveBeenCalledWith("https://upload.example.com/abc", {
      method: "POST",
      headers: { "Content-Type": "video/mp4" },
      body: file,
    });
    expect(state.calls).toEqual([
      { name: "recordings:generateUploadUrl", args: undefined },
      { name: "recordings:save", args: { sessionId: SESSION_ID, storageId: "storage:1", title: "" } },
    ]);
    expect(await screen.findByRole("link", { name: "Open the recording" })).toHaveAttribute("href", "/dashboard/recordings/r1");
  });
});

describe("check-in, agenda and suggestions on the session page", () => {
  it("asks the member for their check-in and saves an answer when they leave the field", async () => {
    await renderSession();
    const checkIn = within(screen.getByRole("region", { name: "Your two-minute check-in" }));
    await userEvent.type(checkIn.getByLabelText(/What matters most this time\?/), "Invoices");
    await userEvent.tab();
    expect(state.calls).toContainEqual({ name: "agenda:saveAnswer", args: { sessionId: SESSION_ID, key: "focus", text: "Invoices" } });
    expect(await checkIn.findByRole("status")).toHaveTextContent("Saved");
  });

  it("brings the check-in into view when the reminder's link names it", async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    window.location.hash = "#check-in";
    try {
      await renderSession();
      expect(scrolled.map((element) => element.id)).toEqual(["check-in"]);
    } finally {
      window.location.hash = "";
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it("shows the coach the member's answers and a draft agenda to reorder, tick and add to", async () => {
    state.agenda = agendaData({ canCheckIn: false, checkIn: { focus: "Invoices", updatedAt: NOW }, lines: [OVERDUE_LINE, QUOTE_LINE] });
    await renderSession();
    const answers = within(screen.getByRole("region", { name: "Maya Lopez's check-in" }));
    expect(answers.getByText("Invoices")).toBeInTheDocument();
    const agenda = within(screen.getByRole("region", { name: "Draft agenda" }));
    expect(agenda.getByText("Overdue commitment · Overdue by 2 days")).toBeInTheDocument();
    expect(agenda.getByText("From the last session · at 12:45")).toBeInTheDocument();
    expect(agenda.getByRole("button", { name: "Move up: Finish the budget" })).toBeDisabled();

    await userEvent.click(agenda.getByRole("checkbox", { name: "Finish the budget" }));
    await userEvent.click(agenda.getByRole("button", { name: "Move down: Finish the budget" }));
    await userEvent.type(agenda.getByLabelText("Add an item"), "Holiday week{Enter}");
    expect(state.calls).toEqual([
      { name: "agenda:setDone", args: { sessionId: SESSION_ID, key: "commitment:a", done: true } },
      { name: "agenda:move", args: { sessionId: SESSION_ID, key: "commitment:a", direction: "down" } },
      { name: "agenda:add", args: { sessionId: SESSION_ID, text: "Holiday week" } },
    ]);
    expect(agenda.getByLabelText("Add an item")).toHaveValue("");
  });

  it("shows a refused change in the backend's words", async () => {
    state.agenda = agendaData({ canCheckIn: false, lines: [OVERDUE_LINE] });
    state.errors["agenda:add"] = new ConvexError({ code: "AGENDA_FULL", message: "This agenda is full." });
    await renderSession();
    await userEvent.type(screen.getByLabelText("Add an item"), "One more{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent("This agenda is full.");
  });

  it("shows a completed session's agenda as its notes, read-only", async () => {
    state.join = joinData({ startsAt: NOW - 90 * MINUTE, status: "completed" });
    state.agenda = agendaData({ mode: "notes", canEdit: false, canCheckIn: false, lines: [{ ...OVERDUE_LINE, done: true }, QUOTE_LINE] });
    await renderSession();
    const notes = within(screen.getByRole("region", { name: "Session notes" }));
    expect(notes.getByText("Done:")).toBeInTheDocument();
    expect(notes.queryByRole("checkbox")).not.toBeInTheDocument();
    expect(notes.queryByLabelText("Add an item")).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: /check-in/ })).not.toBeInTheDocument();
  });

  it("shows the suggestions once there is a transcript, with Try again for whoever runs the session", async () => {
    state.join = joinData({ startsAt: NOW - 90 * MINUTE, canRun: true });
    state.transcriptId = "t1";
    state.extraction = {
      run: { _id: "extractionRuns:r1", status: "failed", lastError: "The service was busy.", attempts: 3 },
      proposals: [],
    };
    await renderSession();
    const panel = within(screen.getByRole("region", { name: "Suggested action items" }));
    expect(panel.getByRole("alert")).toHaveTextContent("Details: The service was busy.");
    await userEvent.click(panel.getByRole("button", { name: "Try again" }));
    expect(state.calls).toEqual([{ name: "extraction:retry", args: { runId: "extractionRuns:r1" } }]);
  });

  it("shows the confident suggestions and keeps the less certain ones behind Show N more", async () => {
    state.join = joinData({ startsAt: NOW - 90 * MINUTE });
    state.transcriptId = "t1";
    const suggestion = (id: string, title: string, confidence: number) => ({
      _id: id,
      runId: "extractionRuns:r1",
      transcriptId: "t1",
      status: "proposed",
      title,
      description: "",
      commitmentType: "user_commitment",
      responsibleParty: "client",
      priority: "medium",
      transcriptQuote: "I'll do it.",
      transcriptTimestamp: "01:00",
      confidence,
      tentative: false,
    });
    state.extraction = {
      run: { _id: "extractionRuns:r1", status: "succeeded", attempts: 1 },
      proposals: [suggestion("p1", "Call the bank", 35), suggestion("p2", "Send the plan", 82)],
    };
    await renderSession();
    const panel = within(screen.getByRole("region", { name: "Suggested action items" }));
    expect(panel.getByRole("listitem", { name: "Send the plan" })).toHaveTextContent("AI Confidence 82%");
    expect(panel.queryByRole("listitem", { name: "Call the bank" })).not.toBeInTheDocument();
    const more = panel.getByRole("button", { name: "Show 1 more" });
    await userEvent.click(more);
    expect(more).toHaveAttribute("aria-expanded", "true");
    expect(panel.getByRole("listitem", { name: "Call the bank" })).toHaveTextContent("Less certain");
  });

  it("hides the suggestions without a transcript or a run", async () => {
    await renderSession();
    expect(screen.queryByRole("region", { name: "Suggested action items" })).not.toBeInTheDocument();
  });
});
