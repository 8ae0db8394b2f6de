import { render, screen } from "@testing-library/react";
import { SignalHighIcon } from "lucide-react";
import { Status } from "./status";

describe("Status", () => {
  it("says a status in words with the tone's icon, as a word or as a badge", () => {
    render(
      <>
        <Status tone="warning">Lagging by 4 min</Status>
        <Status tone="bad" look="badge">
          Failed
        </Status>
      </>,
    );
    const word = screen.getByText("Lagging by 4 min");
    expect(word).toHaveAttribute("data-tone", "warning");
    expect(word.querySelector("svg")).toHaveClass("text-warning", "lucide-triangle-alert");
    const badge = screen.getByText("Failed");
    expect(badge).toHaveAttribute("data-tone", "bad");
    expect(badge).toHaveAttribute("data-slot", "badge");
    expect(badge.querySelector("svg")).toHaveClass("lucide-circle-x");
  });

  it("takes a more telling icon where there is one, keeping the tone", () => {
    render(
      <Status tone="warning" icon={SignalHighIcon}>
        High
      </Status>,
    );
    const word = screen.getByText("High");
    expect(word.querySelector("svg")).toHaveClass("lucide-signal-high", "text-warning");
    expect(word.querySelectorAll("svg")).toHaveLength(1);
  });
});
