import {
  QueryClient,
  QueryClientProvider,
  queryOptions,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { ReadContract, RequestInput, SuccessBody, WriteContract } from "#domain/api/contract";
import type { Resource } from "#domain/api/wire";
import { request } from "./api-client";
import { onSessionEnd } from "./session-events";

/**
 * Client-side server data (the back office, the upload page) through TanStack Query, keyed by
 * contract: a query's key starts with the family of data its contract reads, so a write's
 * `invalidates` refetches exactly those queries. Public pages do not use this: their loaders
 * call services in-process.
 */

function newQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The screens say what failed and offer Retry; a silent retry would only delay that.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

let shared: QueryClient | undefined;

/**
 * The page's client: one per browser tab, kept across client-side navigations, emptied when the
 * session ends so no one signing in next sees the last person's data.
 */
export function queryClient(): QueryClient {
  if (typeof window === "undefined") return newQueryClient();
  if (!shared) {
    const client = newQueryClient();
    onSessionEnd(() => client.clear());
    shared = client;
  }
  return shared;
}

/** Mounted by the routes that fetch on the client (not in the public pages' first view). */
export function QueryProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client ?? queryClient()}>{children}</QueryClientProvider>;
}

/** The key of a contract's query: [family, contract id, input]. */
export function queryKeyOf<C extends ReadContract>(contract: C, input: RequestInput<C>) {
  return [contract.reads ?? contract.id, contract.id, input] as const;
}

/** Query options for a GET contract: its key, and `request` with the query's abort signal. */
export function contractQuery<C extends ReadContract>(contract: C, input: RequestInput<C>) {
  return queryOptions({
    queryKey: queryKeyOf(contract, input),
    queryFn: ({ signal }) => request(contract, input, { signal }),
  });
}

/** Refetches (or marks stale) every query reading one of these families. */
export async function invalidate(client: QueryClient, resources: readonly Resource[]) {
  await Promise.all(
    resources.map((resource) => client.invalidateQueries({ queryKey: [resource] })),
  );
}

/**
 * A mutation for a write contract: `toInput` turns the caller's variables into the call's
 * params and body; once it settles, what the contract invalidates is refetched.
 */
export function useContractMutation<C extends WriteContract, TVariables = RequestInput<C>>(
  contract: C,
  toInput: (variables: TVariables) => RequestInput<C>,
  options: Omit<UseMutationOptions<SuccessBody<C>, Error, TVariables>, "mutationFn"> = {},
) {
  const client = useQueryClient();
  return useMutation<SuccessBody<C>, Error, TVariables>({
    ...options,
    mutationFn: (variables) => request(contract, toInput(variables)),
    onSettled: (...args) => {
      // Refetched in the background: the write's own answer (its toast, its dialog closing)
      // does not wait for the lists it made stale.
      void invalidate(client, contract.invalidates);
      return options.onSettled?.(...args);
    },
  });
}
