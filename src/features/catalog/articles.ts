import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

export type ArticleKind = "post" | "case_study";

/** Texts and addresses of the two article collections: the blog and the case studies. */
export const ARTICLE_KINDS = {
  post: {
    title: "Blog",
    intro: "Short, practical reads on focus, planning and calm systems for ADHD minds.",
    listTo: "/blog",
    detailTo: "/blog/$slug",
    loading: "Loading posts",
    empty: "No posts yet",
    back: "Back to the blog",
    notFound: "We couldn't find that post",
  },
  case_study: {
    title: "Case studies",
    intro: "How members changed one small thing at a time, and what it did for their work.",
    listTo: "/case-studies",
    detailTo: "/case-studies/$slug",
    loading: "Loading case studies",
    empty: "No case studies yet",
    back: "Back to the case studies",
    notFound: "We couldn't find that case study",
  },
} as const;

/** "July 5, 2025", in the reader's own calendar, or in `timeZone`'s. */
export function publishedDate(ms: number, timeZone?: string): string {
  return format(timeZone ? new TZDate(ms, timeZone) : ms, "MMMM d, yyyy");
}

/** The time zone a build prerenders dates in, whatever the machine's. */
export const PRERENDER_TIME_ZONE = "UTC";
