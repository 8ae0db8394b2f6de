import { screen, waitFor } from "@testing-library/react";
import { renderApp } from "@/test/render-app";
import { formatPolicyDate } from "./policies";

describe("terms of service", () => {
  it("shows 'Last updated July 5, 2025' and a way to ask about the terms", async () => {
    renderApp("/terms-of-service");
    expect(await screen.findByRole("heading", { level: 1, name: "Terms of Service" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Terms of Service | LWCC"));

    const updated = screen.getByText((_, element) => element?.tagName === "P" && element.textContent === "Last updated July 5, 2025");
    expect(updated.querySelector("time")).toHaveAttribute("dateTime", "2025-07-05");
    expect(screen.getByRole("link", { name: "Ask about these terms" })).toHaveAttribute("href", "/contact?subject=legal");
  });

  it("formats policy dates the same in every time zone", () => {
    expect(formatPolicyDate("2025-07-05")).toBe("July 5, 2025");
    expect(formatPolicyDate("2025-01-01")).toBe("January 1, 2025");
  });
});
