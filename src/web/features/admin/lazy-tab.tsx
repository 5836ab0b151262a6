import { type ComponentType, useEffect, useState } from "react";
import { LoadingList } from "#web/components/layout/loading-list";
import { LoadFailed } from "#web/components/load-failed";
import { lazyModule } from "#web/lib/lazy-module";

/** A dashboard tab's component, loaded the first time the tab is shown or its name hovered. */
export type LazyTab<P> = ComponentType<P> & { preload(): void };

/**
 * A tab of the back office kept out of the dashboard's first load: each tab's code is a file of
 * its own, fetched when the tab opens (or when the pointer or focus reaches its name, so that a
 * click usually finds it there), then kept for the visit. While it loads the panel says so in
 * the tab's own words; a failed fetch (offline, a new deployment) says that, with Try Again.
 */
export function lazyTab<P extends object>(
  importer: () => Promise<ComponentType<P>>,
  loadingLabel: string,
): LazyTab<P> {
  const module = lazyModule(importer);

  function Tab(props: P) {
    const [state, setState] = useState<{ loaded?: ComponentType<P>; error?: unknown }>(() => ({
      loaded: module.loaded,
    }));
    const [attempt, setAttempt] = useState(0);
    const loaded = state.loaded;
    // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry's trigger.
    useEffect(() => {
      if (loaded) return;
      let current = true;
      module.load().then(
        (component) => current && setState({ loaded: component }),
        (error: unknown) => current && setState({ error }),
      );
      return () => {
        current = false;
      };
    }, [loaded, attempt]);

    if (loaded) {
      const Loaded = loaded;
      return <Loaded {...props} />;
    }
    if (state.error !== undefined) {
      return (
        <LoadFailed
          title="This section could not be loaded."
          message="Check your connection, then try again."
          query={{
            error: state.error,
            isFetching: false,
            refetch: () => {
              setState({});
              setAttempt((n) => n + 1);
            },
          }}
        />
      );
    }
    return <LoadingList label={loadingLabel} />;
  }

  return Object.assign(Tab, {
    preload: () => {
      module.load().catch(() => undefined);
    },
  });
}
