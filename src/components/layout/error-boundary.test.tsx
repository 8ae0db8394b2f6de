import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findLocalError } from "@/lib/errors";
import { ComponentErrorBoundary } from "./error-boundary";

let broken = true;
function Fragile() {
  if (broken) throw new Error("boom");
  return <p>Widget content</p>;
}

describe("ComponentErrorBoundary", () => {
  it("contains a crash, explains it, and renders again on Try Again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    broken = true;
    render(
      <div>
        <p>Rest of the page</p>
        <ComponentErrorBoundary>
          <Fragile />
        </ComponentErrorBoundary>
      </div>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Something went wrong");
    expect(screen.getByText("This component encountered an error and couldn't render properly")).toBeInTheDocument();
    expect(screen.getByText("Rest of the page")).toBeInTheDocument();
    const code = screen.getByTestId("support-code").textContent;
    expect(code).toMatch(/^LW-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(screen.getByText("Support code:", { exact: false })).toContainElement(screen.getByTestId("support-code"));
    expect(findLocalError(code)).toMatchObject({ message: "boom", context: { source: "component" }, reported: true });

    broken = false;
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(screen.getByText("Widget content")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
