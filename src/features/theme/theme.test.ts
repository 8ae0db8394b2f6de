import { THEME } from "@/lib/constants";
import { announcement, readPreference, resolveTheme, themeBootScript, writePreference } from "./theme";

/** Runs the exact text that index.html inlines, as the browser would before first paint. */
function runBootScript() {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- executing the inline script under test
  const script = new Function(themeBootScript()) as () => void;
  script();
}

describe("theme rules", () => {
  it("defaults to system when nothing, or something unknown, is stored", () => {
    expect(readPreference(window.localStorage)).toBe("system");
    window.localStorage.setItem(THEME.storageKey, "sepia");
    expect(readPreference(window.localStorage)).toBe("system");
  });

  it("reads a stored choice under the 'theme' key", () => {
    writePreference(window.localStorage, "dark");
    expect(window.localStorage.getItem("theme")).toBe("dark");
    expect(readPreference(window.localStorage)).toBe("dark");
  });

  it("survives storage that throws", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
    };
    expect(readPreference(broken)).toBe("system");
    expect(() => writePreference(broken, "light")).not.toThrow();
  });

  it("resolves system by the OS preference and keeps explicit choices", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("light", true)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
  });

  it("announces the choice in plain words", () => {
    expect(announcement("dark", "dark")).toBe("Theme set to Dark");
    expect(announcement("system", "light")).toBe("Theme set to Auto, following your system (light)");
  });

  it("boot script applies the stored theme before the app loads", () => {
    window.localStorage.setItem("theme", "dark");
    runBootScript();
    expect(document.documentElement).toHaveClass("dark");

    window.localStorage.setItem("theme", "light");
    runBootScript();
    expect(document.documentElement).not.toHaveClass("dark");
    expect(document.documentElement.style.colorScheme).toBe("light");
  });
});
