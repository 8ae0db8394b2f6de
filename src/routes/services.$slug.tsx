import { createFileRoute, notFound } from "@tanstack/react-router";
import { ServiceDetailPage } from "@/features/marketing/service-detail-page";
import { seo } from "@/lib/seo";

/** /services/{slug}: one of the four services; any other slug is a 404. */
export const Route = createFileRoute("/services/$slug")({
  // The service list loads with the page, not with the main bundle.
  loader: async ({ params }) => {
    const { findService } = await import("@/features/marketing/services");
    const service = findService(params.slug);
    if (!service) notFound({ throw: true });
    // notFound({ throw: true }) has thrown when there is no such service.
    return service!;
  },
  head: (context) =>
    context.loaderData
      ? seo({ title: context.loaderData.name, description: context.loaderData.summary })(context)
      : {},
  component: ServiceRoute,
});

function ServiceRoute() {
  return <ServiceDetailPage service={Route.useLoaderData()} />;
}
