import { screen } from "@testing-library/react";
import { Markdown } from "./markdown";
import { renderPage } from "./render-page";

async function renderMarkdown(body: string) {
  const view = renderPage(
    <main>
      <Markdown>{body}</Markdown>
    </main>,
  );
  await screen.findByRole("main");
  return view;
}

describe("article markdown", () => {
  it("renders headings under the page's h1, lists, quotes and links", async () => {
    await renderMarkdown(
      "# Big title\n\n## Section\n\n### Step\n\n- one\n- two\n\n1. first\n\n> A calm quote\n\nRead [the pricing](/pricing) or [elsewhere](https://example.com).",
    );
    expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Big title" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Section" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: "Step" })).toBeInTheDocument();
    expect(screen.getAllByRole("list")).toHaveLength(2);
    expect(screen.getByText("A calm quote").closest("blockquote")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "the pricing" })).toHaveAttribute("href", "/pricing");
    expect(screen.getByRole("link", { name: "elsewhere" })).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("never renders raw HTML from the body", async () => {
    const { container } = await renderMarkdown(
      'Before\n\n<script>window.pwned = true</script>\n\n<img src="x" onerror="window.pwned = true">\n\nInline <b onclick="alert(1)">bold</b> text\n\n<iframe src="https://evil.example"></iframe>\n\nAfter',
    );
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("iframe")).toBeNull();
    expect(container.querySelector("b")).toBeNull();
    expect(container.querySelector("[onerror], [onclick]")).toBeNull();
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
    expect(screen.getByText("Before")).toBeInTheDocument();
    expect(screen.getByText("After")).toBeInTheDocument();
  });

  it("drops javascript: links", async () => {
    await renderMarkdown("[click me](javascript:alert(1))");
    const link = screen.getByText("click me").closest("a");
    expect(link?.getAttribute("href") ?? "").not.toMatch(/javascript:/i);
  });
});
