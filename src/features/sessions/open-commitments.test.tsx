import type { Id } from "@convex/_generated/dataModel";
import { screen, within } from "@testing-library/react";
import { getFunctionName } from "convex/server";
import { CORA, dayFrom, item, MAYA } from "@/features/action-items/test-fixtures";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { OpenCommitments } from "./open-commitments";

const state = { items: undefined as unknown };

vi.mock("convex/react", () => ({
  useQuery: (query: unknown) => (getFunctionName(query as never) === "actionItems:list" ? state.items : undefined),
}));

async function renderCommitments() {
  renderPage(<OpenCommitments session={{ memberId: MAYA, coachId: CORA }} />, { path: "/session/s1", viewer: signedIn() });
  return screen.findByRole("region", { name: "Before this session" });
}

describe("open commitments before a session", () => {
  it("lists this pair's open items, soonest due first, with due texts", async () => {
    state.items = [
      item("a", { title: "Later", dueDate: dayFrom(6) }),
      item("b", { title: "Overdue one", dueDate: dayFrom(-2), status: "in_progress" }),
      item("c", { title: "Blocked one", status: "blocked", dueDate: dayFrom(1) }),
      item("d", { title: "Done already", status: "completed", dueDate: dayFrom(1) }),
      item("e", { title: "Cancelled", status: "cancelled" }),
      item("f", { title: "Other coach", coachId: "users:other" as Id<"users"> }),
      item("g", { title: "Other member", memberId: "users:sam" as Id<"users"> }),
    ];
    const region = within(await renderCommitments());
    const titles = region.getAllByRole("listitem").map((row) => row.querySelector("span")?.textContent);
    expect(titles).toEqual(["Overdue one", "Blocked one", "Later"]);
    expect(region.getByText("3 open commitments, soonest due first.")).toBeInTheDocument();
    expect(region.getByText("Overdue by 2 days")).toBeInTheDocument();
    expect(region.getByText("Due tomorrow")).toBeInTheDocument();
    expect(region.getByText("Due in 6 days")).toBeInTheDocument();
    expect(region.getByText("Blocked")).toBeInTheDocument();
    expect(region.getByRole("link", { name: "View all action items" })).toHaveAttribute("href", "/dashboard/action-items");
  });

  it("shows at most five", async () => {
    state.items = Array.from({ length: 7 }, (_, index) => item(`i${index}`, { title: `Item ${index}`, dueDate: dayFrom(index) }));
    const region = within(await renderCommitments());
    expect(region.getAllByRole("listitem")).toHaveLength(5);
    expect(region.getByText("5 of 7 open commitments, soonest due first.")).toBeInTheDocument();
    expect(region.queryByText("Item 5")).not.toBeInTheDocument();
  });

  it("invites a fresh start when nothing is open", async () => {
    state.items = [item("d", { status: "completed" }), item("f", { coachId: "users:other" as Id<"users"> })];
    const region = within(await renderCommitments());
    expect(region.getByText("No open commitments. A fresh start.")).toBeInTheDocument();
    expect(region.queryByRole("listitem")).not.toBeInTheDocument();
  });

  it("shows a skeleton while loading", async () => {
    state.items = undefined;
    const region = within(await renderCommitments());
    expect(region.getByText("Loading open commitments")).toBeInTheDocument();
  });
});
