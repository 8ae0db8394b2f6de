import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render-app";

describe("/demos/user-provisioning", () => {
  it("walks through the provisioning steps on demo data and ends on the post-booking welcome", async () => {
    const user = userEvent.setup();
    renderApp("/demos/user-provisioning");
    expect(await screen.findByRole("heading", { level: 1, name: "User provisioning" })).toBeInTheDocument();
    expect(screen.getByText("Demo data only: this page calls nothing and books nothing.")).toBeInTheDocument();
    const steps = screen.getByRole("list", { name: "Provisioning steps" });
    expect(steps.children).toHaveLength(7);
    expect(screen.queryByText("guest_temporary")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Start" }));
    expect(screen.getByText("jordan.rivera@example.com")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next step" }));
    await user.click(screen.getByRole("button", { name: "Next step" }));
    await user.click(screen.getByRole("button", { name: "Next step" }));
    expect(screen.getByText("guest_temporary")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Your intro session is booked" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Show all steps" }));
    expect(screen.getByRole("heading", { name: "Your intro session is booked" })).toBeInTheDocument();
    expect(screen.getByText("k7mp-x3qf-9hzt-w2rn")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next step" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Start over" }));
    expect(screen.queryByText("jordan.rivera@example.com")).not.toBeInTheDocument();
  });
});
