import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { cn } from "./lib/utils";

/**
 * Hydration, split into tasks a phone can take without freezing: this module runs once the
 * first paint is on screen (see lib/start-app.ts). Every task longer than 50 ms holds back a tap
 * on a slow phone, so the one-off work that does not need React goes first in a task of its
 * own: tailwind-merge builds its class tables on its first call (about 10 ms on a fast machine,
 * four times that on a mid-range phone), which would otherwise land inside the first render.
 * React then hydrates in a transition, yielding to the browser between components.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function hydrate() {
  await nextTask();
  cn("p-0", "p-1");
  await nextTask();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

void hydrate();
