import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "@/components/ui/accordion";
import { FAQ } from "./faq";

export function FaqPage() {
  return (
    <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-16">
      <h1 id="faq-title" className="text-3xl font-bold sm:text-4xl">
        Frequently asked questions
      </h1>
      <p className="mt-3 text-lg text-muted-foreground">Short answers to what people ask us most.</p>
      <Accordion type="multiple" className="mt-8">
        {FAQ.map((item, index) => (
          <AccordionItem key={item.question} value={`q${index}`}>
            <AccordionTrigger>{item.question}</AccordionTrigger>
            <AccordionContent>{item.answer}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}
