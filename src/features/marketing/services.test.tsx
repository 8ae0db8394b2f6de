import { screen, waitFor, within } from "@testing-library/react";
import { renderApp } from "@/test/render-app";
import { SERVICES } from "./services";

function robots() {
  return document.head.querySelector('meta[name="robots"]')?.getAttribute("content") ?? null;
}

describe("services", () => {
  it("defines the four services of the spec, once each", () => {
    expect(SERVICES.map((service) => service.slug)).toEqual([
      "calendar-clarity",
      "automation-mastery",
      "ai-accelerator",
      "text-expansion",
    ]);
  });

  it("lists every service on the overview, each linking to its own page", async () => {
    renderApp("/services");
    expect(await screen.findByRole("heading", { level: 1, name: "Services" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Services | LWCC"));
    const list = screen.getByRole("region", { name: "Choose where to start" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(SERVICES.length);
    for (const service of SERVICES) {
      expect(within(list).getByRole("heading", { level: 3, name: service.name })).toBeInTheDocument();
      expect(within(list).getByText(service.summary)).toBeInTheDocument();
      expect(within(list).getByRole("link", { name: `Learn about ${service.name}` })).toHaveAttribute(
        "href",
        `/services/${service.slug}`,
      );
    }
  });

  it.each(SERVICES.map((service) => [service.slug, service] as const))(
    "renders /services/%s from its data",
    async (slug, service) => {
      renderApp(`/services/${slug}`);
      expect(await screen.findByRole("heading", { level: 1, name: service.name })).toBeInTheDocument();
      expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
      await waitFor(() => expect(document.title).toBe(`${service.name} | LWCC`));
      expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute("content", service.summary);

      for (const [title, items] of [
        ["Who it's for", service.forWho],
        ["What you get", service.youGet],
        ["Typical outcomes", service.outcomes],
      ] as const) {
        const region = screen.getByRole("region", { name: title });
        for (const item of items) expect(within(region).getByText(item)).toBeInTheDocument();
      }
      const steps = within(screen.getByRole("region", { name: "How it works" })).getAllByRole("listitem");
      expect(steps.map((step) => step.textContent)).toEqual(
        service.steps.map((step, index) => `${index + 1}Step ${index + 1}: ${step.title}${step.body}`),
      );
      for (const detail of service.details) {
        expect(screen.getByRole("button", { name: detail.question })).toBeInTheDocument();
      }
      expect(screen.getAllByRole("link", { name: "Book a free 20-minute consultation" })[0]).toHaveAttribute(
        "href",
        "/free-intro-session",
      );
      const others = within(screen.getByRole("navigation", { name: "Other services" })).getAllByRole("link");
      expect(others.map((link) => link.textContent)).toEqual(
        SERVICES.filter((other) => other.slug !== slug).map((other) => other.name),
      );
    },
  );

  it("shows the 404 page, noindex, for a service that does not exist", async () => {
    renderApp("/services/time-travel");
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Page not found | LWCC"));
    expect(robots()).toBe("noindex");
  });
});
