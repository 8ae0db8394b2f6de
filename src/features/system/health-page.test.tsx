import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HealthPage } from "./health-page";

const state = { fail: true };
vi.mock("convex/react", () => ({
  useQuery: () => {
    if (state.fail) throw new Error("backend unreachable");
    return { status: "ok", adapters: { identity: "local", payments: "stripe", email: "outbox", extraction: "rules" } };
  },
  useConvexConnectionState: () => ({ isWebSocketConnected: true }),
}));

describe("HealthPage", () => {
  it("says the check failed, and shows the status after Retry Health Check", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    state.fail = true;
    render(<HealthPage />);
    expect(screen.getByRole("alert")).toHaveTextContent("Unable to perform system health check.");

    state.fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Retry Health Check" }));
    expect(screen.getByText("Operational")).toBeInTheDocument();
    expect(screen.getByText("Stripe")).toBeInTheDocument();
    expect(screen.getByText("Outbox (embedded)")).toBeInTheDocument();
  });
});
