import { screen, within } from "@testing-library/react";
import { getFunctionName } from "convex/server";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { ActionItemsCard } from "./action-items-card";
import type { ActionItemView } from "./shared";
import { dayFrom, item } from "./test-fixtures";

const state = {
  card: undefined as { items: ActionItemView[]; pendingCount: number; activeCount: number; openCount: number; totalCount: number } | undefined,
};

vi.mock("convex/react", () => ({
  useQuery: (query: unknown) => (getFunctionName(query as never) === "actionItems:card" ? state.card : undefined),
}));

beforeEach(() => {
  state.card = undefined;
});

async function renderCard() {
  renderPage(<ActionItemsCard />, { path: "/dashboard", viewer: signedIn() });
  return screen.findByRole("region", { name: "Action items" });
}

describe("dashboard action items card", () => {
  it("shows a skeleton while loading", async () => {
    const card = await renderCard();
    expect(within(card).getByText("Loading your action items")).toBeInTheDocument();
  });

  it("shows three items, the counts and the way to the rest", async () => {
    state.card = {
      items: [
        item("a", { title: "Send the invoice", priority: "high", dueDate: dayFrom(-1) }),
        item("b", { title: "Plan the week", status: "in_progress", dueDate: dayFrom(2) }),
        item("c", { title: "Tidy the desk", priority: "low" }),
      ],
      pendingCount: 4,
      activeCount: 1,
      openCount: 5,
      totalCount: 7,
    };
    const card = await renderCard();
    expect(
      within(card)
        .getAllByRole("listitem")
        .map((entry) => entry.firstChild?.textContent),
    ).toEqual(["Send the invoice", "Plan the week", "Tidy the desk"]);
    expect(card).toHaveTextContent("4 pending · 1 active");
    expect(within(card).getAllByRole("listitem")[0]).toHaveTextContent("Due yesterday");
    expect(within(card).getByRole("link", { name: "View 2 More Items" })).toHaveAttribute("href", "/dashboard/action-items");
    expect(within(card).getByRole("link", { name: "View All" })).toHaveAttribute("href", "/dashboard/action-items");
  });

  it("has no 'more' link when everything open is shown", async () => {
    state.card = { items: [item("a")], pendingCount: 1, activeCount: 0, openCount: 1, totalCount: 1 };
    const card = await renderCard();
    expect(within(card).queryByRole("link", { name: /More Items/ })).not.toBeInTheDocument();
  });

  it("invites the first item when there are none", async () => {
    state.card = { items: [], pendingCount: 0, activeCount: 0, openCount: 0, totalCount: 0 };
    const card = await renderCard();
    expect(within(card).getByText("No action items yet")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Create First Item" })).toHaveAttribute("href", "/dashboard/action-items");
  });

  it("says all is done, not 'No action items yet', when every item is completed", async () => {
    state.card = { items: [], pendingCount: 0, activeCount: 0, openCount: 0, totalCount: 4 };
    const card = await renderCard();
    expect(within(card).getByText("All caught up")).toBeInTheDocument();
    expect(within(card).queryByText("No action items yet")).not.toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "View All" })).toHaveAttribute("href", "/dashboard/action-items");
  });
});
