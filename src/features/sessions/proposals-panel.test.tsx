import type { Doc, Id } from "@convex/_generated/dataModel";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import { dayFrom, NOW } from "@/features/action-items/test-fixtures";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { ProposalsPanel } from "./proposals-panel";

const SESSION_ID = "sessions:s1" as Id<"sessions">;
const MAYA = "users:maya" as Id<"users">;
const CHRIS = "users:chris" as Id<"users">;
const RUN_ID = "extractionRuns:r1" as Id<"extractionRuns">;
const TRANSCRIPT_ID = "t1" as Id<"transcripts">;

function run(overrides: Partial<Doc<"extractionRuns">> = {}): Doc<"extractionRuns"> {
  return {
    _id: RUN_ID,
    _creationTime: NOW,
    transcriptId: TRANSCRIPT_ID,
    sessionId: SESSION_ID,
    memberId: MAYA,
    coachId: CHRIS,
    status: "succeeded",
    extractor: "rules",
    attempts: 1,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

function proposal(id: string, overrides: Partial<Doc<"actionItemProposals">> = {}): Doc<"actionItemProposals"> {
  return {
    _id: id as Id<"actionItemProposals">,
    _creationTime: NOW,
    runId: RUN_ID,
    transcriptId: TRANSCRIPT_ID,
    sessionId: SESSION_ID,
    memberId: MAYA,
    coachId: CHRIS,
    title: "Send the weekly plan",
    description: "Share the plan before Friday.",
    commitmentType: "user_commitment",
    responsibleParty: "client",
    priority: "high",
    dueDate: dayFrom(2),
    transcriptQuote: "I'll send you the weekly plan by Friday.",
    transcriptTimestamp: "02:10",
    confidence: 87.4,
    tentative: false,
    status: "proposed",
    createdAt: NOW,
    ...overrides,
  };
}

const state = {
  extraction: undefined as unknown,
  calls: [] as { name: string; args: unknown }[],
  errors: {} as Record<string, Error>,
  /** Calls that have not answered yet. */
  held: {} as Record<string, Promise<unknown>>,
};

vi.mock("convex/react", () => ({
  useQuery: (query: unknown) => (getFunctionName(query as never) === "extraction:forSession" ? state.extraction : undefined),
  useMutation: (mutation: unknown) => (args: unknown) => {
    const name = getFunctionName(mutation as never);
    state.calls.push({ name, args });
    if (state.held[name]) return state.held[name];
    return state.errors[name] ? Promise.reject(state.errors[name]) : Promise.resolve(null);
  },
}));

beforeEach(() => {
  state.extraction = { run: run(), proposals: [proposal("actionItemProposals:p1")] };
  state.calls = [];
  state.errors = {};
  state.held = {};
});

const member = signedIn();
const coach = signedIn({ _id: CHRIS, role: "coach", userType: "coach", firstName: "Chris", lastName: "Coach" });

async function renderPanel({ viewer = member, canRetry = false, hasTranscript = true } = {}) {
  renderPage(
    <>
      <h1>Weekly planning</h1>
      <ProposalsPanel
        session={{ _id: SESSION_ID, memberId: MAYA, coachId: CHRIS }}
        memberName="Maya Lopez"
        coachName="Chris Coach"
        hasTranscript={hasTranscript}
        canRetry={canRetry}
      />
    </>,
    { path: "/session/s1", viewer },
  );
  await screen.findByRole("heading", { level: 1, name: "Weekly planning" });
}

async function findCard(title = "Send the weekly plan") {
  return within(await screen.findByRole("listitem", { name: title }));
}

describe("run states", () => {
  it("stays hidden without a transcript or a run", async () => {
    state.extraction = { run: null, proposals: [] };
    await renderPanel({ hasTranscript: false });
    expect(screen.queryByRole("heading", { name: "Suggested action items" })).not.toBeInTheDocument();
  });

  it("says calmly that the transcript is being read", async () => {
    state.extraction = { run: run({ status: "running" }), proposals: [] };
    await renderPanel();
    expect(screen.getByRole("heading", { name: "Suggested action items" })).toBeInTheDocument();
    const status = screen.getByText("Reading the transcript for commitments…");
    expect(status).toHaveAttribute("aria-live", "polite");
    expect(screen.queryByText("No suggestions waiting.")).not.toBeInTheDocument();
  });

  it("shows a failure in plain words, with Try again for the coach", async () => {
    state.extraction = { run: run({ status: "failed", lastError: "OpenAI did not answer in time." }), proposals: [] };
    await renderPanel({ viewer: coach, canRetry: true });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("We couldn't read commitments from the transcript.");
    expect(alert).toHaveTextContent("Details: OpenAI did not answer in time.");
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(state.calls).toEqual([{ name: "extraction:retry", args: { runId: RUN_ID } }]);
  });

  it("shows the server's refusal when trying again fails", async () => {
    state.extraction = { run: run({ status: "failed" }), proposals: [] };
    state.errors["extraction:retry"] = new ConvexError({
      code: "EXTRACTION_NOT_FAILED",
      message: "That extraction hasn't failed, so there is nothing to try again.",
    });
    await renderPanel({ viewer: coach, canRetry: true });
    await userEvent.click(await screen.findByRole("button", { name: "Try again" }));
    expect(await screen.findByText("That extraction hasn't failed, so there is nothing to try again.")).toBeInTheDocument();
  });

  it("offers no Try again to the member", async () => {
    state.extraction = { run: run({ status: "failed", lastError: "Bad key" }), proposals: [] };
    await renderPanel();
    expect(await screen.findByRole("alert")).toHaveTextContent("Your coach can try again.");
    expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
  });

  it("says when nothing is waiting, and why some suggestions were left out", async () => {
    state.extraction = { run: run({ discardedCount: 2, proposalCount: 0 }), proposals: [] };
    await renderPanel();
    expect(await screen.findByText("No suggestions waiting.")).toBeInTheDocument();
    expect(screen.getByText("2 suggestions were left out because their quote wasn't found in the transcript.")).toBeInTheDocument();
  });

  it("has no note when nothing was left out", async () => {
    state.extraction = { run: run({ discardedCount: 0 }), proposals: [] };
    await renderPanel();
    expect(await screen.findByText("No suggestions waiting.")).toBeInTheDocument();
    expect(screen.queryByText(/left out/)).not.toBeInTheDocument();
  });
});

describe("a suggestion", () => {
  it("shows what, whose, how sure and where in the transcript", async () => {
    await renderPanel();
    const card = await findCard();
    expect(screen.getByText("1 suggestion waiting.")).toBeInTheDocument();
    expect(card.getByText("Share the plan before Friday.")).toBeInTheDocument();
    expect(card.getByText("My Commitment")).toBeInTheDocument();
    expect(card.getByText("Maya Lopez")).toBeInTheDocument();
    expect(card.getByText("High priority")).toBeInTheDocument();
    expect(card.getByText("Due in 2 days")).toBeInTheDocument();
    expect(card.getByText("AI Confidence 87%")).toBeInTheDocument();
    expect(card.getByText("“I'll send you the weekly plan by Friday.”").tagName).toBe("BLOCKQUOTE");
    const at = card.getByRole("link", { name: "Open the transcript at 02:10" });
    expect(at).toHaveTextContent("at 02:10");
    expect(at).toHaveAttribute("href", `/dashboard/transcripts/${TRANSCRIPT_ID}#at-02-10`);
    expect(card.queryByText("Tentative")).not.toBeInTheDocument();
  });

  it("is labelled from the coach's side for the coach, and marks hedged speech as tentative", async () => {
    state.extraction = {
      run: run(),
      proposals: [proposal("actionItemProposals:p1", { tentative: true, commitmentType: "coach_commitment", responsibleParty: "coach" })],
    };
    await renderPanel({ viewer: coach });
    const card = await findCard();
    expect(card.getByText("Tentative")).toBeInTheDocument();
    expect(card.getByText("My Commitment")).toBeInTheDocument();
    expect(card.getByText("Chris Coach")).toBeInTheDocument();
  });

  it("names both people for a mutual agreement and leaves out a missing due date", async () => {
    state.extraction = {
      run: run(),
      proposals: [proposal("actionItemProposals:p1", { commitmentType: "mutual_agreement", responsibleParty: "both", dueDate: undefined })],
    };
    await renderPanel({ viewer: coach });
    const card = await findCard();
    expect(card.getByText("Mutual Agreement")).toBeInTheDocument();
    expect(card.getByText("Maya Lopez and Chris Coach")).toBeInTheDocument();
    expect(card.queryByText(/Due /)).not.toBeInTheDocument();
    expect(card.queryByText("No due date")).not.toBeInTheDocument();
  });

  it("is accepted as it is, with a way to the action items", async () => {
    await renderPanel();
    const card = await findCard();
    await userEvent.click(card.getByRole("button", { name: "Accept" }));
    expect(state.calls).toEqual([{ name: "extraction:accept", args: { proposalId: "actionItemProposals:p1" } }]);
    expect(await screen.findByText("Added to action items.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open action items" })).toHaveAttribute("href", "/dashboard/action-items");
  });

  it("is dismissed", async () => {
    await renderPanel();
    const card = await findCard();
    await userEvent.click(card.getByRole("button", { name: "Dismiss" }));
    expect(state.calls).toEqual([{ name: "extraction:dismiss", args: { proposalId: "actionItemProposals:p1" } }]);
    expect(await screen.findByText("Suggestion dismissed.")).toBeInTheDocument();
  });

  it("keeps its buttons disabled while a call runs", async () => {
    let answer: (value: null) => void = () => {};
    state.held["extraction:accept"] = new Promise((resolve) => (answer = resolve));
    await renderPanel();
    const card = await findCard();
    await userEvent.click(card.getByRole("button", { name: "Accept" }));
    expect(card.getByRole("button", { name: "Accepting..." })).toBeDisabled();
    expect(card.getByRole("button", { name: "Edit" })).toBeDisabled();
    expect(card.getByRole("button", { name: "Dismiss" })).toBeDisabled();
    answer(null);
    expect(await screen.findByText("Added to action items.")).toBeInTheDocument();
    expect(card.getByRole("button", { name: "Accept" })).toBeEnabled();
  });

  it("shows the server's words when a decision fails", async () => {
    state.errors["extraction:accept"] = new ConvexError({
      code: "PROPOSAL_DECIDED",
      message: "Someone already accepted or dismissed that suggestion.",
    });
    await renderPanel();
    const card = await findCard();
    await userEvent.click(card.getByRole("button", { name: "Accept" }));
    expect(await card.findByRole("alert")).toHaveTextContent("Someone already accepted or dismissed that suggestion.");
    expect(screen.queryByText("Added to action items.")).not.toBeInTheDocument();
    expect(card.getByRole("button", { name: "Accept" })).toBeEnabled();
  });

  it("is edited, then accepted with the changes, the due date cleared", async () => {
    await renderPanel();
    const card = await findCard();
    await userEvent.click(card.getByRole("button", { name: "Edit" }));
    const title = card.getByLabelText(/Title/);
    await userEvent.clear(title);
    await userEvent.type(title, "Send the plan on Thursday");
    await userEvent.clear(card.getByLabelText("Description"));
    await userEvent.selectOptions(card.getByLabelText("Priority"), "Urgent");
    await userEvent.click(card.getByRole("button", { name: "Remove the due date" }));
    expect(card.getByLabelText("Due date")).toHaveValue("");
    await userEvent.click(card.getByRole("button", { name: "Accept with changes" }));
    expect(state.calls).toEqual([
      {
        name: "extraction:accept",
        args: {
          proposalId: "actionItemProposals:p1",
          edits: { title: "Send the plan on Thursday", description: "", priority: "urgent", dueDate: null },
        },
      },
    ]);
    expect(await screen.findByText("Added to action items.")).toBeInTheDocument();
  });

  it("sends dueDate null when the date field is emptied", async () => {
    await renderPanel();
    const card = await findCard();
    await userEvent.click(card.getByRole("button", { name: "Edit" }));
    await userEvent.clear(card.getByLabelText("Due date"));
    await userEvent.click(card.getByRole("button", { name: "Accept with changes" }));
    expect(state.calls).toEqual([
      {
        name: "extraction:accept",
        args: {
          proposalId: "actionItemProposals:p1",
          edits: { title: "Send the weekly plan", description: "Share the plan before Friday.", priority: "high", dueDate: null },
        },
      },
    ]);
  });

  it("sends a changed due date, and refuses a blank title without calling", async () => {
    await renderPanel();
    const card = await findCard();
    await userEvent.click(card.getByRole("button", { name: "Edit" }));
    await userEvent.clear(card.getByLabelText(/Title/));
    await userEvent.click(card.getByRole("button", { name: "Accept with changes" }));
    expect(card.getByLabelText(/Title/)).toHaveAccessibleDescription(/Please enter a title\./);
    expect(state.calls).toEqual([]);
    await userEvent.type(card.getByLabelText(/Title/), "Plan");
    await userEvent.clear(card.getByLabelText("Due date"));
    await userEvent.type(card.getByLabelText("Due date"), dayFrom(5));
    await userEvent.click(card.getByRole("button", { name: "Accept with changes" }));
    expect(state.calls).toEqual([
      {
        name: "extraction:accept",
        args: {
          proposalId: "actionItemProposals:p1",
          edits: { title: "Plan", description: "Share the plan before Friday.", priority: "high", dueDate: dayFrom(5) },
        },
      },
    ]);
  });

  it("goes back to the card on Cancel", async () => {
    await renderPanel();
    const card = await findCard();
    await userEvent.click(card.getByRole("button", { name: "Edit" }));
    await userEvent.click(card.getByRole("button", { name: "Cancel" }));
    expect(card.queryByLabelText(/Title/)).not.toBeInTheDocument();
    expect(card.getByRole("button", { name: "Accept" })).toBeInTheDocument();
    expect(state.calls).toEqual([]);
  });

  it("is read-only for a guest", async () => {
    await renderPanel({ viewer: signedIn({ role: "guest_temporary", userType: "guest_temporary" }) });
    const card = await findCard();
    expect(card.getByText("AI Confidence 87%")).toBeInTheDocument();
    expect(card.queryByRole("button", { name: "Accept" })).not.toBeInTheDocument();
  });
});

describe("less certain suggestions", () => {
  /** Proposals in transcript order, each with a confidence and a title of its own. */
  function proposals(...confidences: number[]) {
    return confidences.map((confidence, index) =>
      proposal(`actionItemProposals:p${index + 1}`, { title: `Suggestion ${index + 1}`, confidence }),
    );
  }

  /** The titles of the cards in view, top to bottom. */
  const cardNames = () => screen.queryAllByRole("listitem").map((card) => card.querySelector("h3")?.textContent);

  it("waits behind Show N more, with a calm line saying why", async () => {
    state.extraction = { run: run(), proposals: proposals(30, 90, 40) };
    await renderPanel();
    await findCard("Suggestion 2");
    expect(cardNames()).toEqual(["Suggestion 2"]);
    expect(screen.getByText("3 suggestions waiting.")).toBeInTheDocument();
    expect(screen.getByText("We're less sure about 2 more suggestions.")).toBeInTheDocument();
    const more = screen.getByRole("button", { name: "Show 2 more" });
    expect(more).toHaveAttribute("aria-expanded", "false");
    expect(more).toHaveAccessibleDescription("We're less sure about 2 more suggestions.");
    expect(document.getElementById(more.getAttribute("aria-controls")!)).toBeInTheDocument();
    expect(more.className).toContain("min-h-11");
  });

  it("says Show 1 more for one", async () => {
    state.extraction = { run: run(), proposals: proposals(90, 40) };
    await renderPanel();
    await findCard("Suggestion 1");
    expect(screen.getByText("We're less sure about 1 more suggestion.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Show 1 more" })).toBeInTheDocument();
  });

  it("opens and closes with the keyboard, the rest after the shown ones in transcript order, marked less certain", async () => {
    state.extraction = { run: run(), proposals: proposals(30, 90, 40) };
    await renderPanel();
    await findCard("Suggestion 2");
    const more = screen.getByRole("button", { name: "Show 2 more" });
    more.focus();
    await userEvent.keyboard("{Enter}");
    expect(more).toHaveAttribute("aria-expanded", "true");
    expect(more).toHaveAccessibleName("Show fewer");
    expect(more).toHaveFocus();
    expect(cardNames()).toEqual(["Suggestion 2", "Suggestion 1", "Suggestion 3"]);
    const region = within(document.getElementById(more.getAttribute("aria-controls")!)!);
    expect(region.getAllByText("Less certain")).toHaveLength(2);
    expect(region.getByRole("listitem", { name: "Suggestion 1" })).toHaveTextContent("AI Confidence 30%");
    expect((await findCard("Suggestion 2")).queryByText("Less certain")).not.toBeInTheDocument();

    await userEvent.keyboard(" ");
    expect(more).toHaveAttribute("aria-expanded", "false");
    expect(more).toHaveAccessibleName("Show 2 more");
    expect(more).toHaveFocus();
    expect(cardNames()).toEqual(["Suggestion 2"]);
  });

  it("shows at most eight at once, however confident", async () => {
    state.extraction = { run: run(), proposals: proposals(80, 80, 80, 80, 60, 80, 80, 80, 80, 80) };
    await renderPanel();
    await findCard("Suggestion 1");
    expect(cardNames()).toHaveLength(8);
    expect(screen.queryByRole("listitem", { name: "Suggestion 5" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Show 2 more" })).toBeInTheDocument();
  });

  it("says plainly when none is very certain, and still offers them", async () => {
    state.extraction = { run: run(), proposals: proposals(30, 20) };
    await renderPanel();
    expect(await screen.findByText("None of the suggestions is very certain this time.")).toBeInTheDocument();
    expect(screen.getByText("2 suggestions waiting.")).toBeInTheDocument();
    expect(screen.queryAllByRole("listitem")).toEqual([]);
    expect(screen.queryByText("No suggestions waiting.")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Show 2 more" }));
    expect(cardNames()).toEqual(["Suggestion 1", "Suggestion 2"]);
    expect(screen.getAllByText("Less certain")).toHaveLength(2);
  });

  it("leaves decided proposals out of the lists and the counts", async () => {
    state.extraction = {
      run: run(),
      proposals: [
        ...proposals(90),
        proposal("actionItemProposals:p2", { title: "Already accepted", confidence: 95, status: "accepted" }),
        proposal("actionItemProposals:p3", { title: "Already dismissed", confidence: 40, status: "dismissed" }),
        proposal("actionItemProposals:p4", { title: "Suggestion 4", confidence: 40 }),
      ],
    };
    await renderPanel();
    await findCard("Suggestion 1");
    expect(screen.getByText("2 suggestions waiting.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Show 1 more" }));
    expect(cardNames()).toEqual(["Suggestion 1", "Suggestion 4"]);
    expect(screen.queryByText("Already accepted")).not.toBeInTheDocument();
    expect(screen.queryByText("Already dismissed")).not.toBeInTheDocument();
  });

  it("does not pull a hidden one up when a shown one is decided, and keeps the keyboard's place", async () => {
    const all = proposals(80, 80, 80, 80, 80, 80, 80, 80, 55);
    state.extraction = { run: run(), proposals: all };
    let answer: (value: null) => void = () => {};
    state.held["extraction:dismiss"] = new Promise((resolve) => (answer = resolve));
    await renderPanel();
    const first = await findCard("Suggestion 1");
    expect(screen.getByRole("button", { name: "Show 1 more" })).toBeInTheDocument();
    await userEvent.click(first.getByRole("button", { name: "Dismiss" }));
    // The query no longer lists it once the dismissal is stored.
    state.extraction = { run: run(), proposals: all.slice(1) };
    answer(null);
    const notice = await screen.findByText("Suggestion dismissed.");
    expect(notice.parentElement).toHaveFocus();
    expect(screen.getByText("8 suggestions waiting.")).toBeInTheDocument();
    expect(cardNames()).toHaveLength(7);
    expect(screen.queryByRole("listitem", { name: "Suggestion 9" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Show 1 more" })).toHaveAttribute("aria-expanded", "false");
  });

  it("drops the button once the last hidden one is decided", async () => {
    const all = proposals(90, 40);
    state.extraction = { run: run(), proposals: all };
    let answer: (value: null) => void = () => {};
    state.held["extraction:accept"] = new Promise((resolve) => (answer = resolve));
    await renderPanel();
    await findCard("Suggestion 1");
    await userEvent.click(screen.getByRole("button", { name: "Show 1 more" }));
    await userEvent.click((await findCard("Suggestion 2")).getByRole("button", { name: "Accept" }));
    state.extraction = { run: run(), proposals: all.slice(0, 1) };
    answer(null);
    expect(await screen.findByText("Added to action items.")).toBeInTheDocument();
    expect(screen.getByText("1 suggestion waiting.")).toBeInTheDocument();
    expect(cardNames()).toEqual(["Suggestion 1"]);
    expect(screen.queryByRole("button", { name: /Show/ })).not.toBeInTheDocument();
  });

  it("lets a long description about someone else wrap", async () => {
    const description =
      "For Priya Shah, who is not the member or the coach: send the signed supplier contract to the accountant before the quarterly review, with the invoices attached.";
    state.extraction = { run: run(), proposals: [proposal("actionItemProposals:p1", { description })] };
    await renderPanel();
    const text = (await findCard()).getByText(description);
    expect(text.className).toContain("break-words");
    expect(text.className).not.toMatch(/truncate|line-clamp|whitespace-nowrap/);
  });
});
