import { interceptInAppLinks } from "./in-app-links";

function link(href: string, attributes: Record<string, string> = {}) {
  const anchor = document.createElement("a");
  anchor.href = href;
  for (const [name, value] of Object.entries(attributes)) anchor.setAttribute(name, value);
  anchor.innerHTML = "<span>Open</span>";
  document.body.append(anchor);
  return anchor;
}

function click(target: Element, init: MouseEventInit = {}) {
  const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init });
  target.dispatchEvent(event);
  return event;
}

describe("interceptInAppLinks", () => {
  let push: ReturnType<typeof vi.fn<(path: string) => void>>;
  let remove: () => void;
  beforeEach(() => {
    push = vi.fn<(path: string) => void>();
    remove = interceptInAppLinks({ push });
  });
  afterEach(() => {
    remove();
    document.body.innerHTML = "";
  });

  it("sends a click on an app link, or on something inside it, through the router", () => {
    const event = click(link("/dashboard/activity?type=booking").querySelector("span")!);
    expect(event.defaultPrevented).toBe(true);
    expect(push).toHaveBeenCalledWith("/dashboard/activity?type=booking");
    click(link("/marketplace#time-packages"));
    expect(push).toHaveBeenLastCalledWith("/marketplace#time-packages");
  });

  it("leaves the browser to open other sites, new tabs, downloads, files and modified clicks", () => {
    const cases = [
      click(link("https://meet.jit.si/lwcc-session-1")),
      click(link("/dashboard", { target: "_blank" })),
      click(link("/report.pdf")),
      click(link("/files/1", { download: "" })),
      click(link("/sitemap.xml")),
      click(link("/dashboard"), { ctrlKey: true }),
      click(link("/dashboard"), { metaKey: true }),
      click(link("/dashboard"), { button: 1 }),
    ];
    expect(cases.map((event) => event.defaultPrevented)).toEqual(cases.map(() => false));
    expect(push).not.toHaveBeenCalled();
  });

  it("leaves clicks a router Link already handled alone", () => {
    const anchor = link("/dashboard");
    anchor.addEventListener("click", (event) => event.preventDefault());
    click(anchor);
    expect(push).not.toHaveBeenCalled();
  });

  it("stops when removed", () => {
    remove();
    expect(click(link("/dashboard")).defaultPrevented).toBe(false);
    expect(push).not.toHaveBeenCalled();
  });
});
