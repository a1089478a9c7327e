import { endpoint } from '../endpoint.js';

// Operations routes outside the API proper: in the table so that it lists every route the server
// registers, hidden from the document they are not part of.

export const metrics = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/metrics',
  auth: 'none',
  tags: ['ops'],
  summary: 'Prometheus scrape: a direct loopback request, or the METRICS_TOKEN bearer token (404 otherwise)',
  errors: [],
  hidden: true,
});

export const openApiDocument = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/docs',
  auth: 'none',
  tags: ['ops'],
  summary: 'This OpenAPI document (generated from the endpoint table)',
  errors: [],
  hidden: true,
});
