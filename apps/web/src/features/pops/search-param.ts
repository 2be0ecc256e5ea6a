import type { UrlParamsCodec } from '../../shared/use-url-params';

/** A whole list's search, kept in the address bar as `q`. */
export interface SearchParams {
  q: string;
}

export const MAX_LIST_SEARCH = 100;

export const searchCodec: UrlParamsCodec<SearchParams> = {
  parse: (qs) => ({ q: (qs.get('q') ?? '').slice(0, MAX_LIST_SEARCH) }),
  update: (current, change) => ({ ...current, ...change }),
  toSearchParams: (p) => new URLSearchParams(p.q ? { q: p.q } : {}),
};
