import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { MESSAGES } from "@/lib/messages";
import { ERROR_CHECK_TEXTS, ErrorReportingCheck } from "./error-reporting-check";

describe("ErrorReportingCheck", () => {
  it("fails one part on purpose with the members' message and a support code, and Try Again brings the button back", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(<ErrorReportingCheck />);
    await userEvent.click(screen.getByRole("button", { name: ERROR_CHECK_TEXTS.action }));

    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent(MESSAGES.componentError.title);
    expect(alert).toHaveTextContent(MESSAGES.componentError.body);
    expect(screen.getByTestId("support-code").textContent).toMatch(/^LW-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    await userEvent.click(screen.getByRole("button", { name: MESSAGES.componentError.action }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("button", { name: ERROR_CHECK_TEXTS.action })).toBeInTheDocument();
  });

  it("makes each test error unique, so a second check is not dropped as a repeat", () => {
    expect(ERROR_CHECK_TEXTS.error(new Date(1))).not.toBe(ERROR_CHECK_TEXTS.error(new Date(2)));
  });
});
