/**
 * Nothing a student typed is lost: a preference form is kept for this tab (sessionStorage) when
 * submitted, so a fresh start page offers the last search again (saying so, with a way to clear it).
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
    clear(): void {
      try {
        sessionStorage.removeItem(key);
      } catch {
        /* nothing kept */
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
