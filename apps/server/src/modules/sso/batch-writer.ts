/**
 * Group commit for the sign-on inserts (sessions, codes, access tokens, trusted devices): a row
 * that finds no write in flight leaves at once; rows arriving while writes are in flight leave
 * together as one multi-row statement when a slot frees. Each caller's promise settles when its
 * row's statement has finished, so an answered request is a committed row. Under load this turns
 * one statement per request into one per batch (ARCHITECTURE.md: batching concurrent writes is
 * where the headroom is); idle, it adds no wait.
 */
export interface BatchWriter<T> {
  write(row: T): Promise<void>;
}

export function createBatchWriter<T>(
  flush: (rows: T[]) => Promise<unknown>,
  options: { maxConcurrent: number; maxBatch?: number },
): BatchWriter<T> {
  const maxBatch = options.maxBatch ?? 500;
  let queue: { row: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let inFlight = 0;

  function pump(): void {
    while (queue.length > 0 && inFlight < options.maxConcurrent) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      inFlight += 1;
      void flush(batch.map((entry) => entry.row))
        .then(
          () => batch.forEach((entry) => entry.resolve()),
          (error: unknown) => batch.forEach((entry) => entry.reject(error)),
        )
        .finally(() => {
          inFlight -= 1;
          pump();
        });
    }
  }

  return {
    write: (row) =>
      new Promise<void>((resolve, reject) => {
        queue.push({ row, resolve, reject });
        pump();
      }),
  };
}
