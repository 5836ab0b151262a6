import { CircleCheck } from "lucide-react";
import { site } from "#domain/site";

const commitments = [
  "We build and check this site against the Web Content Accessibility Guidelines (WCAG) 2.1, level AA.",
  "We test with keyboards, screen readers, zoom and automated checks, and fix what we find.",
  "We make reasonable accommodations in our offices, our application process and our buildings.",
] as const;

export function CommitmentSection() {
  return (
    <section aria-labelledby="commitment-heading" className="grid gap-6 lg:grid-cols-2">
      <div>
        <h2 id="commitment-heading" className="text-3xl font-bold tracking-tight">
          Our Commitment to Accessibility
        </h2>
        <p className="mt-4 text-lg text-muted-foreground">
          {`Everyone should be able to find a home with ${site.name}, whatever their abilities and whatever technology they use. Accessibility is part of fair housing: if anything on this site, in our office or in our buildings gets in your way, tell us and we will help.`}
        </p>
      </div>
      <ul className="grid gap-4">
        {commitments.map((text) => (
          <li key={text} className="flex gap-3">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
