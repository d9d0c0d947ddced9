// Generated from apps/api/openapi.json by scripts/api-types.mjs (npm run openapi). Do not edit.

/** The required query parameters of each route that has any, by "METHOD path". */
export const requiredQuery: Record<string, readonly string[]> = {
  "GET /api/admin/v2/customer": [
    "link_type",
    "link_id"
  ],
  "GET /api/v2/customer/{customer_id}/trends": [
    "server_ids",
    "graph",
    "from",
    "to"
  ],
  "GET /api/admin/v2/crosschecks/{month}/export": [
    "subtype"
  ],
  "GET /api/v2/search": [
    "q"
  ]
};
