import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { InactivityNotice } from "./inactivity-notice";

const state = { notice: null as unknown, dismissed: 0 };
vi.mock("convex/react", () => ({
  useQuery: () => state.notice,
  useMutation: () => () => {
    state.dismissed++;
    return Promise.resolve(null);
  },
}));

describe("inactivity notice", () => {
  it("says calmly that coming back was enough, and can be dismissed", async () => {
    state.notice = { id: "inactivityWarnings:1", level: 60, sentAt: Date.UTC(2026, 2, 6, 12) };
    render(<InactivityNotice />);
    expect(screen.getByRole("heading", { name: "Welcome back" })).toBeInTheDocument();
    expect(screen.getByText(/hadn't signed in for 60 days, so we sent you a reminder on March 6/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Dismiss this notice" }));
    expect(screen.queryByRole("heading", { name: "Welcome back" })).not.toBeInTheDocument();
    expect(state.dismissed).toBe(1);
  });

  it("shows nothing without a warning", () => {
    state.notice = null;
    const { container } = render(<InactivityNotice />);
    expect(container).toBeEmptyDOMElement();
  });
});
