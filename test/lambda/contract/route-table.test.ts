import { OPERATION_IDS, ROUTE_TABLE, pathParametersOf, type RouteDefinition } from '../../../lambda/contract';
import {
  HTTP_METHODS,
  loadOpenApi,
  resolveRef,
  type OpenApiOperation,
  type OpenApiParameter,
} from '../../support/openapi-document';

const document = loadOpenApi();

/** Every (path, method) the document describes, with the table operation it says it is. */
const documented = Object.entries(document.paths).flatMap(([path, item]) =>
  HTTP_METHODS.filter((method) => item[method]).map((method) => ({
    path,
    method: method.toUpperCase(),
    operation: item[method] as OpenApiOperation,
  })),
);

/** Every (path, method) the table serves. */
const tabled = OPERATION_IDS.flatMap((id) =>
  ROUTE_TABLE[id].paths.map((path, index) => ({ id, path, method: ROUTE_TABLE[id].method, canonical: index === 0 })),
);

const parametersOf = (operation: OpenApiOperation, where: OpenApiParameter['in']) =>
  (operation.parameters ?? [])
    .map((parameter) => resolveRef<OpenApiParameter>(document, parameter))
    .filter((parameter) => parameter.in === where)
    .map((parameter) => parameter.name)
    .sort();

/** The statuses a route can answer, from how it is reached and what it reads. */
const statusesOf = (route: RouteDefinition, path: string): string[] => {
  const api = route.authorization === 'api-key' || route.authorization === 'feed-token';
  return [
    '405',
    '500',
    ...(api ? ['304', '401', '402', '429', '503'] : []),
    ...(api && route.query.length > 0 ? ['400'] : []),
    ...(route.authorization === 'session' ? ['401', '503'] : []),
    ...(pathParametersOf(path).includes('id') ? ['404'] : []),
    ...(route.method === 'POST' && pathParametersOf(path).length === 0 ? ['400', '413', '503'] : []),
  ];
};

describe('the route table and docs/openapi.yaml', () => {
  it('describe the same operations: every path and method of the table is in the document, and the reverse', () => {
    const key = (entry: { path: string; method: string }) => `${entry.method} ${entry.path}`;
    expect(documented.map(key).sort()).toEqual(tabled.map(key).sort());
  });

  it.each(tabled)('$method $path is the table operation $id in the document', ({ id, path, method, canonical }) => {
    const operation = document.paths[path]?.[method.toLowerCase()] as OpenApiOperation;
    expect(operation['x-operation']).toBe(id);
    if (canonical) expect(operation.operationId).toBe(id);
  });

  it.each(tabled)('$method $path documents the query and path parameters the table names', ({ id, path, method }) => {
    const operation = document.paths[path]?.[method.toLowerCase()] as OpenApiOperation;
    expect(parametersOf(operation, 'query')).toEqual([...ROUTE_TABLE[id].query].sort());
    expect(parametersOf(operation, 'path')).toEqual(pathParametersOf(path).sort());
  });

  it.each(tabled)('$method $path is secured as the table says', ({ id, path, method }) => {
    const operation = document.paths[path]?.[method.toLowerCase()] as OpenApiOperation;
    const expected: Record<RouteDefinition['authorization'], unknown> = {
      'api-key': undefined,
      'feed-token': [],
      session: [{ session: [] }],
      none: [],
    };
    expect(operation.security).toEqual(expected[ROUTE_TABLE[id].authorization]);
  });

  it.each(tabled)('$method $path documents every status it can answer', ({ id, path, method }) => {
    const operation = document.paths[path]?.[method.toLowerCase()] as OpenApiOperation;
    const missing = statusesOf(ROUTE_TABLE[id], path).filter((status) => !(status in operation.responses));
    expect(missing).toEqual([]);
  });
});
