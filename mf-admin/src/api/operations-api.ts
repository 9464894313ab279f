import { ADMIN_OPERATIONS_PATH, type OperationsAnswer, type OperationsWindow } from '@cp/contracts';
import { baseApi } from '@cp/web-core';

/**
 * The Operations tab's call (issue 36 §4; moderation's admin API, which reads Prometheus): every service's series over
 * the window. Read again every 30 s while the tab is open. Prometheus down is an answer (`available: false`), not an error.
 */
export const operationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOperations: build.query<OperationsAnswer, { window: OperationsWindow }>({
      query: ({ window }) => `${ADMIN_OPERATIONS_PATH}?${new URLSearchParams({ window }).toString()}`,
    }),
  }),
});

export const { useGetOperationsQuery } = operationsApi;
