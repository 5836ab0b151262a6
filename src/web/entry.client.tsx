import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * Hydration, in a task of its own and split into tasks a phone can take without freezing: this
 * module runs once the first paint is on screen (see lib/start-app.ts), and React hydrates in a
 * transition, yielding to the browser between components. Every task longer than 50 ms holds
 * back a tap on a slow phone.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function hydrate() {
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
