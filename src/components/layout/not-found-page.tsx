import { Link } from "@tanstack/react-router";
import { CompassIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { NOT_FOUND_TITLE } from "@/lib/seo";

export function NotFoundPage() {
  return (
    <section aria-labelledby="not-found-title" className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-20">
      <CompassIcon className="size-8 text-primary" aria-hidden />
      <p className="text-sm font-semibold text-muted-foreground">404</p>
      <h1 id="not-found-title" className="text-3xl font-bold">
        {NOT_FOUND_TITLE}
      </h1>
      <p className="text-lg text-muted-foreground">
        This page doesn't exist or has moved. Nothing is lost: pick up from the home page.
      </p>
      <Button asChild size="lg">
        <Link to="/">Go to the home page</Link>
      </Button>
    </section>
  );
}
