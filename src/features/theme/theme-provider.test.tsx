import { act, render, renderHook, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { installMatchMedia } from "../../../tests/setup/match-media";
import { ThemeProvider } from "./theme-provider";
import { useTheme } from "./use-theme";

function Probe() {
  const { preference, resolved, setPreference } = useTheme();
  return (
    <div>
      <p>
        {preference}/{resolved}
      </p>
      <button onClick={() => setPreference("dark")}>dark</button>
      <button onClick={() => setPreference("system")}>system</button>
    </div>
  );
}

describe("ThemeProvider", () => {
  it("starts from the stored preference and applies it to the document", () => {
    window.localStorage.setItem("theme", "dark");
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByText("dark/dark")).toBeInTheDocument();
    expect(document.documentElement).toHaveClass("dark");
  });

  it("persists a new choice and applies it", async () => {
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByText("system/light")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "dark" }));
    expect(window.localStorage.getItem("theme")).toBe("dark");
    expect(document.documentElement).toHaveClass("dark");
  });

  it("follows the OS while on system", () => {
    const media = installMatchMedia({ dark: false });
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    act(() => media.setDark(true));
    expect(screen.getByText("system/dark")).toBeInTheDocument();
    expect(document.documentElement).toHaveClass("dark");
  });

  it("animates the switch for 200 ms and announces it after 100 ms for 1000 ms", () => {
    vi.useFakeTimers();
    try {
      render(
        <ThemeProvider>
          <Probe />
        </ThemeProvider>,
      );
      const status = screen.getByTestId("theme-announcement");
      act(() => screen.getByRole("button", { name: "dark" }).click());
      expect(document.documentElement).toHaveClass("theme-transition");
      expect(status).toHaveTextContent("");

      act(() => {
        vi.advanceTimersByTime(100);
      });
      expect(status).toHaveTextContent("Theme set to Dark");

      act(() => {
        vi.advanceTimersByTime(100);
      });
      expect(document.documentElement).not.toHaveClass("theme-transition");

      act(() => {
        vi.advanceTimersByTime(900);
      });
      expect(status).toHaveTextContent("");
    } finally {
      vi.useRealTimers();
    }
  });

  it("picks up a choice made in another tab", () => {
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    act(() => {
      window.localStorage.setItem("theme", "dark");
      window.dispatchEvent(new StorageEvent("storage", { key: "theme", newValue: "dark" }));
    });
    expect(screen.getByText("dark/dark")).toBeInTheDocument();
  });

  it("refuses to be used outside its provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => renderHook(() => useTheme())).toThrow("useTheme must be used within ThemeProvider, which is mounted in src/main.tsx around the whole app.");
  });
});
