import { QueryClient } from "@tanstack/react-query";
import { type RenderOptions, render } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { QueryProvider } from "#web/lib/query";

/**
 * A fresh QueryClient per test, with the page's defaults (no silent retry, no refetch on focus):
 * nothing cached leaks from one test to the next. `gcTime: Infinity` leaves no garbage-collection
 * timer behind a test (fake timers or not).
 */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

/**
 * A wrapper for renderHook or render: the client's provider, inside a router (for links) that
 * starts at `route` ("/" unless given: an address with a list's filters, say).
 */
export function queryWrapper(client: QueryClient, route = "/") {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter initialEntries={[route]}>
        <QueryProvider client={client}>{children}</QueryProvider>
      </MemoryRouter>
    );
  };
}

/** Renders `ui` with a fresh QueryClient (returned, to invalidate or inspect) and a router. */
export function renderWithQuery(
  ui: ReactElement,
  {
    client = testQueryClient(),
    route,
    ...options
  }: { client?: QueryClient; route?: string } & RenderOptions = {},
) {
  return { client, ...render(ui, { wrapper: queryWrapper(client, route), ...options }) };
}
