import { screen, waitFor } from "@testing-library/react";
import { renderApp } from "@/test/render-app";

describe("glossary", () => {
  it("shows the three elements of the spec: a coming-soon notice, a newsletter link and a suggest-a-term link", async () => {
    renderApp("/glossary");
    expect(await screen.findByRole("heading", { level: 1, name: "Glossary" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Glossary | LWCC"));

    expect(screen.getByRole("region", { name: "Coming soon" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Get notified by newsletter" })).toHaveAttribute("href", "/#newsletter");
    expect(screen.getByRole("link", { name: "Suggest a term" })).toHaveAttribute(
      "href",
      "/contact?subject=glossary-suggestion",
    );
  });
});
