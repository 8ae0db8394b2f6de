import type { Id } from "@convex/_generated/dataModel";
import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { CampaignDetailPage, CampaignRouteError } from "@/features/email-system/campaign-detail-page";
import { seo } from "@/lib/seo";
import { CAMPAIGN_TITLE } from "@/features/email-system/titles";

/** One campaign; a failure to load it shows the Campaign API Error view (SPEC §8). */
export const Route = createFileRoute("/admin/email/campaigns/$campaignId")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  head: seo({ title: CAMPAIGN_TITLE, noindex: true }),
  errorComponent: CampaignRouteError,
  component: CampaignRoute,
});

function CampaignRoute() {
  // The id is checked by the server's argument validator; a malformed one lands in the error view.
  const { campaignId } = Route.useParams();
  return <CampaignDetailPage key={campaignId} campaignId={campaignId as Id<"emailCampaigns">} />;
}
