import { lazy, type ComponentType } from 'react';
import { loadEveryNamespace } from '../lib/i18n';

export type LazyTranslated<P> = ComponentType<P> & {
  /** Starts loading (once) before the component first renders. */
  preload: () => Promise<unknown>;
};

/**
 * A component in its own chunk, rendered once its code and every translation namespace are in:
 * the startup namespaces cover only the frame and the login screen (lib/i18n.ts), so anything
 * loaded lazily waits for the rest instead of suspending for each namespace it reads. Preloaded,
 * it renders at once: React.lazy would still suspend on its first render, and React then holds
 * the content back behind its fallback throttle (~300 ms).
 */
export function lazyTranslated<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyTranslated<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let Loaded: ComponentType<P> | undefined;
  const preload = () =>
    (loading ??= Promise.all([load(), loadEveryNamespace()]).then(([module]) => {
      Loaded = module.default;
      return module;
    }));
  const Lazy = lazy(preload);
  function LazyTranslatedComponent(props: P) {
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(LazyTranslatedComponent, { preload });
}
