import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/** How a list page's params are read from and written to the address bar. */
export interface UrlParamsCodec<P> {
  parse: (qs: URLSearchParams) => P;
  /** The params after a change (a change but the page itself starts again at page 1). */
  update: (current: P, change: Partial<P>) => P;
  toSearchParams: (params: P) => URLSearchParams;
}

/** A change to the params, or one worked out from the params as they are now. */
export type ParamsChange<P> = Partial<P> | ((current: P) => Partial<P>);

/**
 * A list page's params, kept in the address bar (replacing the entry) so Back, reload and links keep
 * them. Pass module-level functions: the setter stays the same as long as they do.
 */
export function useUrlParams<P>({
  parse,
  update,
  toSearchParams,
}: UrlParamsCodec<P>): [P, (change: ParamsChange<P>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parse(searchParams), [parse, searchParams]);
  // Changes apply to the URL as it is now, not as of the last render: a second click that comes before
  // the first one's render (a quick double click on a header) must flip the order, not repeat the click.
  const setParams = useCallback(
    (change: ParamsChange<P>) => {
      const current = parse(new URLSearchParams(window.location.search));
      const next = update(
        current,
        typeof change === 'function' ? (change as (current: P) => Partial<P>)(current) : change,
      );
      setSearchParams(toSearchParams(next), { replace: true });
    },
    [parse, update, toSearchParams, setSearchParams],
  );
  return [params, setParams];
}

/**
 * A page past the end (after deletes, a narrower filter, or fewer rows than when the link was made)
 * goes to the last page.
 */
export function useLastPageFallback(
  data: { items: readonly unknown[]; total: number } | undefined,
  page: number,
  pageCount: (total: number) => number,
  setParams: (change: { page: number }) => void,
): void {
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && page > 1)
      setParams({ page: pageCount(data.total) });
  }, [data, page, pageCount, setParams]);
}
