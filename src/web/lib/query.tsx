import {
  type MutationOptions,
  QueryClient,
  QueryClientProvider,
  queryOptions,
  useMutation,
} from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { ReadContract, RequestInput, SuccessBody, WriteContract } from "#domain/api/contract";
import type { Resource } from "#domain/api/wire";
import { type RequestOptions, request } from "./api-client";
import { onSessionEnd } from "./session-events";

/**
 * Client-side server data through TanStack Query, keyed by contract: a query's key starts with
 * the family of data its contract reads, so a write's `invalidates` refetches exactly those
 * queries. Every component reads with `contractQuery` and writes with `useContractMutation`.
 * Public pages read through their loaders (services called in-process); what they send (an
 * alert's confirmation, a sign-in link) is a mutation too, under a provider their route mounts.
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

/**
 * Query options for a GET contract: its key, and `request` with the query's abort signal (and
 * `options`, e.g. a background read that must not sign anyone out on a 401).
 */
export function contractQuery<C extends ReadContract>(
  contract: C,
  input: RequestInput<C>,
  options: Omit<RequestOptions, "signal"> = {},
) {
  const queryFn = ({ signal }: { signal: AbortSignal }) =>
    request(contract, input, { ...options, signal });
  // The read itself stays callable (a hook that wraps it in bookkeeping of its own).
  return { ...queryOptions({ queryKey: queryKeyOf(contract, input), queryFn }), queryFn };
}

/** Refetches (or marks stale) every query reading one of these families. */
export async function invalidate(client: QueryClient, resources: readonly Resource[]) {
  await Promise.all(
    resources.map((resource) => client.invalidateQueries({ queryKey: [resource] })),
  );
}

type ContractMutationOptions<C extends WriteContract, TVariables, TContext> = Omit<
  MutationOptions<SuccessBody<C>, Error, TVariables, TContext>,
  "mutationFn"
>;

/**
 * Mutation options for a write contract: `toInput` turns the caller's variables into the call's
 * params and body; once it settles, what the contract invalidates is refetched. Writes that
 * share a `mutationKey` (a list's optimistic changes, several on their way at once) refetch
 * once the last of them has settled: a list read between two of them would show the first
 * one's state over the second's. What `useContractMutation` runs; a store outside React runs
 * them through a MutationObserver.
 */
export function contractMutation<
  C extends WriteContract,
  TVariables = RequestInput<C>,
  TContext = unknown,
>(
  contract: C,
  toInput: (variables: TVariables) => RequestInput<C>,
  options: ContractMutationOptions<C, TVariables, TContext> = {},
): MutationOptions<SuccessBody<C>, Error, TVariables, TContext> {
  return {
    ...options,
    mutationFn: (variables) => request(contract, toInput(variables)),
    onSettled: (data, error, variables, result, context) => {
      const { client } = context;
      // This write is still counted as pending until its onSettled is done.
      const { mutationKey } = options;
      const last = !mutationKey || client.isMutating({ mutationKey }) <= 1;
      // Refetched in the background: the write's own answer (its toast, its dialog closing)
      // does not wait for the lists it made stale.
      if (last) void invalidate(client, contract.invalidates);
      return options.onSettled?.(data, error, variables, result, context);
    },
  };
}

/** A write contract's mutation (see contractMutation), for a component. */
export function useContractMutation<
  C extends WriteContract,
  TVariables = RequestInput<C>,
  TContext = unknown,
>(
  contract: C,
  toInput: (variables: TVariables) => RequestInput<C>,
  options: ContractMutationOptions<C, TVariables, TContext> = {},
) {
  return useMutation(contractMutation(contract, toInput, options));
}

/** A write inside a save (see useContractSave): `request`, for one of the save's contracts. */
export type SendWrite = <C extends WriteContract>(
  contract: C,
  input: RequestInput<C>,
) => Promise<SuccessBody<C>>;

/**
 * Several writes saved as one (a dialog's record, then its photos' descriptions, then its
 * photos): one mutation whose steps send their contracts through `send`, and which refetches
 * what all of `writes` invalidate once, when it settles (after a refusal too: the record may
 * have changed meanwhile), rather than after each write, which would reload a list before the
 * photos are even sent. An upload with progress keeps its own transport, its contract listed.
 */
export function useContractSave<TVariables, TData>(
  writes: readonly WriteContract[],
  save: (variables: TVariables, send: SendWrite) => Promise<TData>,
) {
  const send: SendWrite = (contract, input) => {
    // What the save refetches is what `writes` invalidate: a write left out would leave a list
    // stale after it.
    if (!writes.includes(contract))
      throw new Error(`${contract.id} is not one of the save's writes`);
    return request(contract, input);
  };
  return useMutation<TData, Error, TVariables>({
    mutationFn: (variables) => save(variables, send),
    onSettled: (_data, _error, _variables, _result, context) => {
      void invalidate(context.client, [...new Set(writes.flatMap((write) => write.invalidates))]);
    },
  });
}
