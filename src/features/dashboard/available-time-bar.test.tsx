import { render, screen } from "@testing-library/react";
import { AvailableTimeBar } from "./available-time-bar";
import { FIRST_BALANCE_TEXTS } from "./time-balance";

describe("AvailableTimeBar", () => {
  it("shows the minutes left of the total, with a progress bar", () => {
    render(<AvailableTimeBar balance={{ remainingMinutes: 90, totalMinutes: 600 }} />);
    expect(screen.getByText("1 h 30 min of 10 h available")).toBeInTheDocument();
    expect(screen.getByRole("progressbar")).toBeInTheDocument();
  });

  it("keeps the alarm colour for a balance that ran out", () => {
    render(<AvailableTimeBar balance={{ remainingMinutes: 0, totalMinutes: 600 }} />);
    expect(screen.getByText("0 min of 10 h available")).toBeInTheDocument();
    expect(document.querySelector(".text-destructive")).not.toBeNull();
  });

  it("says calmly that a member who never had minutes has none yet: no empty bar, no red", () => {
    render(<AvailableTimeBar balance={{ remainingMinutes: 0, totalMinutes: 0 }} />);
    expect(screen.getByText(FIRST_BALANCE_TEXTS.bar)).toBeInTheDocument();
    expect(screen.queryByText(/0 min of 0 min/)).not.toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    expect(document.querySelector(".text-destructive")).toBeNull();
  });
});
