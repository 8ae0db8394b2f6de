import { render, screen, within } from "@testing-library/react";
import { AvailableTimeBar } from "./available-time-bar";
import { StatTiles } from "./stat-tiles";

describe("StatTiles", () => {
  it("shows four skeleton tiles while loading", () => {
    const { container } = render(<StatTiles tiles={undefined} />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading your numbers");
    expect(container.querySelectorAll("[aria-hidden].min-h-24")).toHaveLength(4);
  });

  it("pairs each label with its value and hint", () => {
    render(
      <StatTiles
        tiles={[
          { label: "Total sessions", value: 12 },
          { label: "This week", value: 3 },
          { label: "Hours coached", value: "18.5" },
          { label: "Goals", value: 7, hint: "7 of 10 done" },
        ]}
      />,
    );
    const list = screen.getByText("Total sessions").closest("dl")!;
    expect(list).toHaveAccessibleName("Your numbers");
    const terms = within(list).getAllByRole("term");
    expect(terms.map((term) => term.textContent)).toEqual(["Total sessions", "This week", "Hours coached", "Goals"]);
    expect(within(list).getByText("18.5")).toBeInTheDocument();
    expect(within(list).getByText("7 of 10 done")).toBeInTheDocument();
  });
});

describe("AvailableTimeBar", () => {
  it("shows the figures in words and as a labelled progress bar in the ring's colours", () => {
    render(<AvailableTimeBar balance={{ remainingMinutes: 200, totalMinutes: 600 }} />);
    expect(screen.getByText("3 h 20 min of 10 h available")).toBeInTheDocument();
    const bar = screen.getByRole("progressbar", { name: /Available time/ });
    expect(bar).toHaveAttribute("aria-valuetext", "3 h 20 min of 10 h available");
    expect(bar.firstElementChild).toHaveClass("bg-warning");
  });

  it("is red and empty at zero, with a skeleton while loading", () => {
    const { rerender } = render(<AvailableTimeBar balance={{ remainingMinutes: 0, totalMinutes: 600 }} />);
    expect(screen.getByText("0 min of 10 h available")).toBeInTheDocument();
    expect(screen.getByRole("progressbar").firstElementChild).toHaveClass("bg-destructive");
    rerender(<AvailableTimeBar balance={undefined} />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading your available time");
  });
});
