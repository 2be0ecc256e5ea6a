/** Body of every error the API answers with. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  /** Machine-readable code of a domain error, e.g. `OLT_NOT_FOUND`. */
  code?: string;
  /** Validation failures, one per field (dotted path for nested fields). */
  fields?: { field: string; message: string }[];
  /** Present on 500s: quote it to support; the same id is in the server log. */
  errorId?: string;
  /** Present on 429s: seconds until the limit lifts (also sent as the Retry-After header). */
  retryAfterSeconds?: number;
}
