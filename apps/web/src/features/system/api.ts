import type { HealthResponse } from '@pondesk/contracts';
import { ApiError, http } from '../../shared/http-client';

/** Health answers 503 with a full body when something is down; that body is the answer, not an error. */
export async function fetchHealth(): Promise<HealthResponse> {
  try {
    return await http<HealthResponse>('/health');
  } catch (error) {
    if (error instanceof ApiError && error.status === 503 && 'checks' in (error.body as object)) {
      return error.body as unknown as HealthResponse;
    }
    throw error;
  }
}
