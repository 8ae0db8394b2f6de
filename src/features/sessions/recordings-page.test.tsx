import type { Id } from "@convex/_generated/dataModel";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { RecordingPage } from "./recording-page";
import { RecordingsPage } from "./recordings-page";

const now = Date.now();
const recording = (id: string, overrides: Record<string, unknown> = {}) => ({
  _id: id as Id<"recordings">,
  _creationTime: now,
  sessionId: "s1" as Id<"sessions">,
  memberId: "users:maya" as Id<"users">,
  storageId: "storage1" as Id<"_storage">,
  title: "Weekly planning",
  contentType: "video/mp4",
  size: 1000,
  durationSeconds: 3600,
  uploadedBy: "users:coach" as Id<"users">,
  createdAt: now - 60 * 60_000,
  ...overrides,
});

const state = {
  page: { results: [] as unknown[], status: "LoadingFirstPage", loadMore: vi.fn() },
  one: undefined as unknown,
};

vi.mock("convex/react", () => ({
  usePaginatedQuery: () => state.page,
  useQuery: () => state.one,
}));

const viewer = signedIn({ timezone: "Europe/Berlin" });

describe("recordings list", () => {
  it("invites the first booking when there are none", async () => {
    state.page = { results: [], status: "Exhausted", loadMore: vi.fn() };
    renderPage(<RecordingsPage />, { path: "/dashboard/recordings", viewer });
    expect(await screen.findByText("No recordings yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Book a session" })).toHaveAttribute("href", "/dashboard/book-session");
  });

  it("lists recordings with links and loads more", async () => {
    const loadMore = vi.fn();
    state.page = {
      results: [recording("r1"), recording("r2", { title: "Check-in", contentType: "audio/mpeg", durationSeconds: undefined })],
      status: "CanLoadMore",
      loadMore,
    };
    renderPage(<RecordingsPage />, { path: "/dashboard/recordings", viewer });
    expect(await screen.findByRole("link", { name: "Weekly planning" })).toHaveAttribute("href", "/dashboard/recordings/r1");
    expect(screen.getByText("Video · 1 h")).toBeInTheDocument();
    expect(screen.getByText("Audio")).toBeInTheDocument();
    expect(screen.getAllByText(/1 hour ago ·/)).toHaveLength(2);
    await userEvent.click(screen.getByRole("button", { name: "Load more recordings" }));
    expect(loadMore).toHaveBeenCalledWith(20);
  });
});

describe("recording player", () => {
  it("plays video in a video element, with the session's date and page", async () => {
    state.one = {
      recording: recording("r1"),
      url: "https://files.example.com/r1",
      sessionTitle: "Weekly planning",
      sessionStartsAt: Date.UTC(2025, 6, 9, 13, 0),
    };
    const { container } = renderPage(<RecordingPage recordingId={"r1" as Id<"recordings">} />, {
      path: "/dashboard/recordings/r1",
      viewer,
    });
    await screen.findByRole("heading", { level: 1, name: "Weekly planning" });
    expect(container.querySelector("video")).toHaveAttribute("src", "https://files.example.com/r1");
    expect(container.querySelector("audio")).toBeNull();
    expect(screen.getByText(/Jul 9, 2025, 3:00 PM/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open the session page" })).toHaveAttribute("href", "/session/s1");
  });

  it("plays audio in an audio element", async () => {
    state.one = {
      recording: recording("r2", { contentType: "audio/mpeg" }),
      url: "https://files.example.com/r2",
      sessionTitle: "Weekly planning",
      sessionStartsAt: now,
    };
    const { container } = renderPage(<RecordingPage recordingId={"r2" as Id<"recordings">} />, {
      path: "/dashboard/recordings/r2",
      viewer,
    });
    await screen.findByRole("heading", { level: 1 });
    expect(container.querySelector("audio")).toHaveAttribute("src", "https://files.example.com/r2");
    expect(container.querySelector("video")).toBeNull();
  });
});
