import { render, screen } from "@testing-library/react";
import { LinkedText, linkedParts } from "./linked-text";

describe("LinkedText", () => {
  it("finds the site paths a sentence names, and nothing that only looks like one", () => {
    expect(linkedParts("Visit /account/reactivate or contact support.")).toEqual([
      { text: "Visit ", path: false },
      { text: "/account/reactivate", path: true },
      { text: " or contact support.", path: false },
    ]);
    expect(linkedParts("Premium content (/premium) and /coaching.")).toEqual([
      { text: "Premium content (", path: false },
      { text: "/premium", path: true },
      { text: ") and ", path: false },
      { text: "/coaching", path: true },
      { text: ".", path: false },
    ]);
    expect(linkedParts("Read and/or write at https://lwcc.example/blog, 1/2 done")).toEqual([
      { text: "Read and/or write at https://lwcc.example/blog, 1/2 done", path: false },
    ]);
  });

  it("renders each named page as a link, outside a router too", () => {
    render(<LinkedText text="This account is deactivated. Visit /account/reactivate or contact support to restore it." />);
    expect(screen.getByRole("link", { name: "/account/reactivate" })).toHaveAttribute("href", "/account/reactivate");
  });
});
