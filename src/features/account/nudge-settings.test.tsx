import { ERROR_MESSAGES } from "@convex/model/messages";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { NudgeSettings } from "./nudge-settings";

const state = {
  settings: undefined as { enabled: boolean; quietStart: number; quietEnd: number } | undefined,
  calls: [] as { name: string; args: unknown }[],
};
vi.mock("convex/react", () => ({
  useQuery: (query: unknown) => (getFunctionName(query as never) === "nudges:settings" ? state.settings : undefined),
  useMutation: (mutation: unknown) => (args: unknown) => {
    state.calls.push({ name: getFunctionName(mutation as never), args });
    return Promise.resolve(null);
  },
}));

beforeEach(() => {
  state.settings = undefined;
  state.calls = [];
});

describe("gentle nudges in Settings", () => {
  it("loads, then turns nudges on with the quiet hours chosen", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<NudgeSettings />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading your nudge choices");
    state.settings = { enabled: false, quietStart: 20, quietEnd: 9 };
    rerender(<NudgeSettings />);
    const toggle = screen.getByRole("switch", { name: /Send me gentle nudges/ });
    expect(toggle).not.toBeChecked();
    expect(screen.getByRole("combobox", { name: "From" })).toHaveDisplayValue("20:00");
    expect(screen.getByRole("combobox", { name: "Until" })).toHaveDisplayValue("09:00");
    await user.click(toggle);
    await user.selectOptions(screen.getByRole("combobox", { name: "Until" }), "08:00");
    await user.click(screen.getByRole("button", { name: "Save nudges" }));
    expect(state.calls).toEqual([{ name: "nudges:save", args: { enabled: true, quietStart: 20, quietEnd: 8 } }]);
    expect(await screen.findByText("Saved. Nudges are on.")).toBeInTheDocument();
  });

  it("says what is wrong with quiet hours that start when they end, and saves nothing", async () => {
    const user = userEvent.setup();
    state.settings = { enabled: true, quietStart: 20, quietEnd: 9 };
    render(<NudgeSettings />);
    await user.selectOptions(screen.getByRole("combobox", { name: "From" }), "09:00");
    await user.click(screen.getByRole("button", { name: "Save nudges" }));
    expect(screen.getByRole("alert")).toHaveTextContent(ERROR_MESSAGES.NUDGE_QUIET_INVALID);
    expect(state.calls).toEqual([]);
  });
});
