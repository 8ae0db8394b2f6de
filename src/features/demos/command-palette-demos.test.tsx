import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderApp } from "@/test/render-app";

describe("command palette demos", () => {
  it("the tier simulation lists what each kind of member and tier sees", async () => {
    const user = userEvent.setup();
    renderApp("/demos/command-palette-tiers");
    await screen.findByRole("heading", { level: 1, name: "Command palette by tier" });
    const sees = screen.getByRole("region", { name: /What they see/ });
    expect(within(sees).getByRole("region", { name: "4. Dashboard" })).toBeInTheDocument();
    expect(within(sees).queryByText("Coaching")).not.toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: "Mastery" }));
    expect(within(sees).getByText("Coaching")).toBeInTheDocument();
    const compare = screen.getByRole("table", { name: "Commands that depend on the tier" });
    const coaching = within(compare).getByRole("row", { name: /Coaching/ });
    expect(within(coaching).getAllByLabelText("No")).toHaveLength(3);
    expect(within(coaching).getAllByLabelText("Yes")).toHaveLength(1);

    await user.click(screen.getByRole("radio", { name: /Guest/ }));
    expect(within(sees).queryByRole("region", { name: "4. Dashboard" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Open the palette as this guest" }));
    const palette = await screen.findByRole("dialog", { name: "Command palette" });
    await user.keyboard("sign out{Enter}");
    // Like the real palette, it closes once a command has "run".
    await waitFor(() => expect(palette).not.toBeInTheDocument());
    expect(screen.getByText('Demo: "Sign Out" would run here.')).toHaveAttribute("role", "status");
  });

  it("the ranking playground shows each match's score and rule", async () => {
    const user = userEvent.setup();
    renderApp("/demos/command-palette");
    await screen.findByRole("heading", { level: 1, name: "Command palette" });
    await user.type(screen.getByLabelText("Try a search"), "pri");
    const table = screen.getByRole("table", { name: "Matches for pri, best first" });
    const [, first] = within(table).getAllByRole("row");
    expect(first).toHaveTextContent(/Pricing.*Navigation.*90.*label prefix/);
  });
});
