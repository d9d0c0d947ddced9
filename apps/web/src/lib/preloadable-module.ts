/**
 * A chunk kept out of the initial JavaScript that a route's loader starts beside the route's data, and
 * that the page then renders directly once it is here. Behind React.lazy the first render would
 * suspend, and React reveals a boundary no sooner than 300 ms after its fallback was shown; during the
 * start's render (a transition) that held back the whole page. A failed download is tried again by the
 * next caller.
 */
export function preloadableModule<Module>(importer: () => Promise<Module>) {
  let loaded: Module | undefined;
  let loading: Promise<Module> | undefined;
  return {
    load(): Promise<Module> {
      loading ??= importer().then(
        (module) => {
          loaded = module;
          return module;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    /** The module when its chunk has arrived, else undefined. */
    loaded: (): Module | undefined => loaded,
  };
}
