import type { Id } from "@convex/_generated/dataModel";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { TranscriptPage } from "./transcript-page";

const TRANSCRIPT_ID = "t1" as Id<"transcripts">;

const transcript = {
  transcript: {
    _id: TRANSCRIPT_ID,
    _creationTime: 0,
    sessionId: "s1" as Id<"sessions">,
    memberId: "users:maya" as Id<"users">,
    format: "text" as const,
    segments: [
      { speaker: "Chris", startSeconds: 5, text: "Welcome back. How did the planning go?" },
      { speaker: "Maya", startSeconds: 65, text: "Planning went well, but the inbox PLANNING slipped." },
      { startSeconds: 4503, text: "Let's write that down." },
    ],
    text: "",
    uploadedBy: "users:coach" as Id<"users">,
    createdAt: 0,
  },
  sessionTitle: "Weekly planning",
  sessionStartsAt: Date.UTC(2025, 6, 9, 13, 0),
  coachName: "Chris Coach",
  memberName: "Maya Lopez",
};

const state = { data: undefined as unknown, fail: null as Error | null };

vi.mock("convex/react", () => ({
  useQuery: () => {
    if (state.fail) throw state.fail;
    return state.data;
  },
}));

beforeEach(() => {
  state.data = transcript;
  state.fail = null;
});

async function renderTranscript() {
  renderPage(<TranscriptPage transcriptId={TRANSCRIPT_ID} />, {
    path: "/dashboard/transcripts/t1",
    viewer: signedIn({ timezone: "Europe/Berlin" }),
  });
  await screen.findByRole("heading", { level: 1, name: "Weekly planning" });
}

describe("transcript page", () => {
  it("lands on the passage a quote's link points at, and marks it", async () => {
    // jsdom does not lay out or scroll; record which passage was asked to come into view.
    const scrolled: string[] = [];
    Object.defineProperty(Element.prototype, "scrollIntoView", {
      configurable: true,
      value(this: Element) {
        scrolled.push(this.id);
      },
    });
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    renderPage(<TranscriptPage transcriptId={TRANSCRIPT_ID} />, {
      path: "/dashboard/transcripts/t1",
      url: "/dashboard/transcripts/t1#at-01-05",
      viewer: signedIn({ timezone: "Europe/Berlin" }),
    });
    await screen.findByRole("heading", { level: 1, name: "Weekly planning" });
    const passages = within(screen.getByRole("list", { name: "Transcript passages" })).getAllByRole("listitem");
    expect(passages.map((passage) => passage.id)).toEqual(["at-00-05", "at-01-05", "at-75-03"]);
    expect(passages[1]).toHaveAttribute("aria-current", "location");
    expect(passages.filter((passage) => passage.hasAttribute("aria-current"))).toHaveLength(1);
    expect([...new Set(scrolled)]).toEqual(["at-01-05"]);
  });

  it("shows the session, the people and every passage with its MM:SS time", async () => {
    await renderTranscript();
    expect(screen.getByText(/Jul 9, 2025, 3:00 PM/)).toBeInTheDocument();
    expect(screen.getByText("Coach: Chris Coach · Member: Maya Lopez")).toBeInTheDocument();
    const passages = within(screen.getByRole("list", { name: "Transcript passages" })).getAllByRole("listitem");
    expect(passages).toHaveLength(3);
    expect(passages[0]).toHaveTextContent("00:05ChrisWelcome back.");
    expect(passages[1]).toHaveTextContent("01:05Maya");
    expect(passages[2]).toHaveTextContent("75:03Let's write that down.");
    expect(screen.getByText("3 passages")).toBeInTheDocument();
  });

  it("filters passages, highlights every match and counts them", async () => {
    await renderTranscript();
    await userEvent.type(screen.getByLabelText("Search the transcript"), "planning");
    const passages = within(screen.getByRole("list", { name: "Transcript passages" })).getAllByRole("listitem");
    expect(passages).toHaveLength(2);
    const marks = screen.getAllByText((_, element) => element?.tagName === "MARK").map((mark) => mark.textContent);
    expect(marks).toEqual(["planning", "Planning", "PLANNING"]);
    expect(screen.getByText("3 matches")).toHaveAttribute("aria-live", "polite");

    await userEvent.clear(screen.getByLabelText("Search the transcript"));
    await userEvent.type(screen.getByLabelText("Search the transcript"), "maya");
    expect(screen.getByText("1 match")).toHaveAttribute("aria-live", "polite");
  });

  it("says so when nothing matches, and clears the search", async () => {
    await renderTranscript();
    await userEvent.type(screen.getByLabelText("Search the transcript"), "holiday (2)");
    expect(screen.getByText("Nothing in this transcript matches “holiday (2)”.")).toBeInTheDocument();
    expect(screen.getByText("0 matches")).toHaveAttribute("aria-live", "polite");
    await userEvent.click(screen.getByRole("button", { name: "Clear the search" }));
    expect(screen.getByLabelText("Search the transcript")).toHaveValue("");
    expect(within(screen.getByRole("list", { name: "Transcript passages" })).getAllByRole("listitem")).toHaveLength(3);
  });

  it("shows a calm message when the transcript is missing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    state.fail = new ConvexError({ code: "TRANSCRIPT_NOT_FOUND", message: "We couldn't find that transcript." });
    renderPage(<TranscriptPage transcriptId={TRANSCRIPT_ID} />, { path: "/dashboard/transcripts/t1", viewer: signedIn() });
    expect(await screen.findByRole("alert")).toHaveTextContent("We couldn't find that transcript.");
    expect(screen.getByRole("link", { name: "Go to your bookings" })).toHaveAttribute("href", "/dashboard/bookings");
  });
});
