/**
 * What an idle server should not hold (a module, an engine) loaded at its first use instead of at
 * start. Callers arriving together share one load. A failed load is not kept: its callers get the
 * error (so it reaches the log), and the next call tries again rather than failing forever.
 */
export function loadOnFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
