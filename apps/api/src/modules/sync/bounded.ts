/**
 * Runs `fn` over `items` with at most `limit` calls in flight. After the first failure no further call
 * starts; the calls already started settle, and their results are kept (answered in input order, undefined
 * where no call was made or it failed) beside the failure: what the channel accepted is never forgotten.
 */
export const mapBounded = async <T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<{ results: (R | undefined)[]; failure?: unknown }> => {
  const results = new Array<R | undefined>(items.length);
  let next = 0;
  let failure: { err: unknown } | null = null;
  const worker = async () => {
    while (failure === null && next < items.length) {
      const i = next++;
      try {
        results[i] = await fn(items[i]!);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return failure ? { results, failure: (failure as { err: unknown }).err } : { results };
};
