/**
 * Nothing a student typed is lost: a preference form is kept for this tab (sessionStorage) when
 * submitted, so it is still filled in after signing in or coming back to change it.
 */
export function pendingForm<T>(name: string) {
  const key = `rankwise.pending${name}Form`;
  return {
    read(): T | undefined {
      try {
        const raw = sessionStorage.getItem(key);
        return raw ? (JSON.parse(raw) as T) : undefined;
      } catch {
        return undefined;
      }
    },
    save(values: T): void {
      try {
        sessionStorage.setItem(key, JSON.stringify(values));
      } catch {
        /* storage full or disabled: the form still submits */
      }
    },
  };
}
