import { Link } from "@tanstack/react-router";
import { ChevronRightIcon } from "lucide-react";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "@/components/ui/accordion";
import { TEXT_LINK_CLASS } from "./links";
import { CheckList, ConsultationButton, NextStep, PageColumn, PageHeader, PageSection, StepList } from "./page-parts";
import { ServiceIcon } from "./service-icon";
import { SERVICES, type Service } from "./services";

/** /services/{slug}: one service, every part from its entry in SERVICES. */
export function ServiceDetailPage({ service }: { service: Service }) {
  const others = SERVICES.filter((other) => other.slug !== service.slug);
  const titleId = "service-title";
  return (
    <PageColumn labelledBy={titleId}>
      <nav aria-label="Breadcrumb" className="mb-6">
        <ol className="flex flex-wrap items-center gap-1 text-sm">
          <li className="flex items-center gap-1">
            <Link to="/services" className={TEXT_LINK_CLASS}>
              Services
            </Link>
            <ChevronRightIcon className="size-4 text-muted-foreground" aria-hidden />
          </li>
          <li>
            <span aria-current="page" className="text-muted-foreground">
              {service.name}
            </span>
          </li>
        </ol>
      </nav>

      <ServiceIcon slug={service.slug} className="mb-4 size-8 text-primary" />
      <PageHeader id={titleId} title={service.name} eyebrow="Service" lead={service.tagline}>
        <p>{service.summary}</p>
        <div className="pt-2">
          <ConsultationButton />
        </div>
      </PageHeader>

      <PageSection id="service-for" title="Who it's for">
        <CheckList items={service.forWho} />
      </PageSection>

      <PageSection id="service-get" title="What you get">
        <CheckList items={service.youGet} />
      </PageSection>

      <PageSection id="service-how" title="How it works">
        <StepList steps={service.steps} />
      </PageSection>

      <PageSection id="service-outcomes" title="Typical outcomes">
        <CheckList items={service.outcomes} />
        <p className="text-sm text-muted-foreground">Results differ from person to person; these are what members commonly report.</p>
      </PageSection>

      <PageSection id="service-details" title="Details">
        <Accordion type="multiple">
          {service.details.map((detail, index) => (
            <AccordionItem key={detail.question} value={`d${index}`}>
              <AccordionTrigger>{detail.question}</AccordionTrigger>
              <AccordionContent>{detail.answer}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </PageSection>

      <NextStep id="service-next" title={`Start with ${service.name}`}>
        <p>
          In a free consultation we look at your situation and tell you honestly whether {service.name} is the right
          place to start.
        </p>
      </NextStep>

      <nav aria-labelledby="service-others" className="mt-12">
        <h2 id="service-others" className="text-lg font-semibold">
          Other services
        </h2>
        <ul className="mt-2 flex flex-col">
          {others.map((other) => (
            <li key={other.slug}>
              <Link to="/services/$slug" params={{ slug: other.slug }} className={TEXT_LINK_CLASS}>
                {other.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </PageColumn>
  );
}
