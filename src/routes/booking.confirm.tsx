import { createFileRoute } from "@tanstack/react-router";
import { IntroConfirmPage } from "@/features/intro/intro-confirm-page";
import { INTRO_TEXTS } from "@/features/intro/intro-texts";
import { seo } from "@/lib/seo";

/** The link e-mailed after asking for the free intro; works without signing in. */
export const Route = createFileRoute("/booking/confirm")({
  staticData: { convex: true },
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: typeof search.token === "string" && search.token.length <= 256 ? search.token : undefined,
  }),
  head: seo({ title: INTRO_TEXTS.confirmTitle, noindex: true }),
  component: IntroConfirmRoute,
});

function IntroConfirmRoute() {
  const { token } = Route.useSearch();
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-12">
      <h1 className="text-3xl font-bold">Your free intro session</h1>
      <IntroConfirmPage key={token ?? ""} token={token} />
    </section>
  );
}
