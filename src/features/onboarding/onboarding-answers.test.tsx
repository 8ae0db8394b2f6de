import type { Id } from "@convex/_generated/dataModel";
import { ONBOARDING_TEXTS } from "@convex/model/onboarding";
import { screen, within } from "@testing-library/react";
import { getFunctionName } from "convex/server";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { OnboardingAnswers } from "./onboarding-answers";

const SESSION = "sessions:s1" as Id<"sessions">;
const state = { data: undefined as unknown, args: [] as unknown[] };

vi.mock("convex/react", () => ({
  useQuery: (query: unknown, args: unknown) => {
    if (getFunctionName(query as never) !== "onboarding:answersForSession") throw new Error("unexpected query");
    state.args.push(args);
    return state.data;
  },
}));

beforeEach(() => {
  state.data = undefined;
  state.args = [];
});

async function renderAnswers() {
  renderPage(
    <main>
      <h1>Session</h1>
      <OnboardingAnswers sessionId={SESSION} />
    </main>,
    { path: "/session/s1", viewer: signedIn({ role: "coach", userType: "coach", timezone: "Europe/Berlin" }) },
  );
  await screen.findByRole("heading", { level: 1, name: "Session" });
}

describe("onboarding answers on the session page", () => {
  it("shows each answer under the question of the version it was given against", async () => {
    state.data = {
      state: "answered",
      version: 2,
      answeredAt: Date.UTC(2026, 10, 25, 12, 0, 0),
      answers: [
        { name: "interests", label: "What would you most like help with?", text: "Focus and getting started, Time and planning" },
        { name: "obstacles", label: "What tends to get in the way?", text: "Too many tabs." },
      ],
    };
    await renderAnswers();
    expect(state.args).toEqual([{ sessionId: SESSION }]);
    const section = screen.getByRole("region", { name: "Onboarding answers" });
    expect(within(section).getByText("Form version 2, answered Nov 25, 2026, 1:00 PM")).toBeInTheDocument();
    const terms = within(section).getAllByRole("term").map((term) => term.textContent);
    const definitions = within(section).getAllByRole("definition").map((definition) => definition.textContent);
    expect(terms).toEqual(["What would you most like help with?", "What tends to get in the way?"]);
    expect(definitions).toEqual(["Focus and getting started, Time and planning", "Too many tabs."]);
  });

  it("says when the member chose to complete it later, or has not answered yet", async () => {
    state.data = { state: "completed_later", answers: [] };
    await renderAnswers();
    expect(within(screen.getByRole("region", { name: "Onboarding answers" })).getByText(ONBOARDING_TEXTS.completedLater)).toBeInTheDocument();
  });

  it("says when nothing is answered yet", async () => {
    state.data = { state: "not_answered", answers: [] };
    await renderAnswers();
    expect(screen.getByText(ONBOARDING_TEXTS.notAnswered)).toBeInTheDocument();
  });

  it("shows nothing to people the server does not show the answers to", async () => {
    state.data = null;
    await renderAnswers();
    expect(screen.queryByRole("region", { name: "Onboarding answers" })).not.toBeInTheDocument();
  });
});
