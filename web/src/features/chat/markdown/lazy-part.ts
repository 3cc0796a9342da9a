// A part of the renderer that only some answers need (a code block's header and colouring, typeset math, diagrams),
// loaded with the first answer that needs it, so an open chat without code or math does not fetch it. Until it is
// there, the renderer shows the part's plain version (the code as text, the formula as its source); once loaded, every
// part on screen draws again, and later ones draw at once. Not React.lazy: a part that has loaded renders at once,
// without a Suspense pass, also on the first render after a test preloaded it.
import { useSyncExternalStore } from "react";

export interface LazyPart<M> {
  /** Starts (or joins) loading the part; resolves when it is there. */
  load(): Promise<M>;
  /** The part if it has loaded. */
  loaded(): M | undefined;
  subscribe(listener: () => void): () => void;
}

export function lazyPart<M>(importer: () => Promise<M>): LazyPart<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const listeners = new Set<() => void>();
  return {
    load() {
      loading ??= importer().then(
        (m) => {
          loaded = m;
          for (const listener of listeners) listener();
          return m;
        },
        (err) => {
          loading = undefined; // offline or a failed chunk: the next use tries again; the plain version stays
          throw err;
        },
      );
      return loading;
    },
    loaded: () => loaded,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The part once loaded, else undefined (and loading starts); the component draws again when it arrives. */
export function usePart<M>(part: LazyPart<M>): M | undefined {
  const loaded = useSyncExternalStore(part.subscribe, part.loaded, () => undefined);
  if (!loaded) part.load().catch(() => undefined);
  return loaded;
}
