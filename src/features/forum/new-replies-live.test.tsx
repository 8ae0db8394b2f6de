import { FORUM_PAGE_SIZE } from "@convex/model/forumRules";
import { renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useNewRepliesLive, type Page } from "./data";

type Status = Page<unknown>["status"];

function watch(first: Status) {
  const loadMore = vi.fn();
  const hook = renderHook(({ status }: { status: Status }) => useNewRepliesLive({ status, loadMore }), { initialProps: { status: first } });
  return { loadMore, show: (status: Status) => hook.rerender({ status }) };
}

describe("a thread's new replies, for a reader with every post loaded", () => {
  it("load as they arrive past the last page, once each time", () => {
    const { loadMore, show } = watch("LoadingFirstPage");
    show("Exhausted");
    show("CanLoadMore");
    expect(loadMore).toHaveBeenCalledExactlyOnceWith(FORUM_PAGE_SIZE);
    show("LoadingMore");
    show("Exhausted");
    show("CanLoadMore");
    expect(loadMore).toHaveBeenCalledTimes(2);
  });

  it("wait behind Load more for a reader who has not loaded every post", () => {
    const { loadMore, show } = watch("LoadingFirstPage");
    show("CanLoadMore");
    show("LoadingMore");
    show("CanLoadMore");
    expect(loadMore).not.toHaveBeenCalled();
  });
});
