import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { queryParamsOf } from '../adapters/http/event-query';
import { runRequest } from '../adapters/http/request-pipeline';
import { jsonResponse } from '../adapters/http/responses';
import { currentUtcYear } from '../core/clock';
import { RouteNotFoundError } from '../core/errors';
import { listCalendars } from '../core/list-calendars';
import { listNamedays } from '../core/list-namedays';
import { parseListQuery } from '../core/list-query';
import type { ServiceDeps } from '../service';

export const LISTING_RESOURCES = ['/api/v1/namedays', '/api/namedays'] as const;
export const CALENDARS_RESOURCE = '/api/v1/calendars';

/** Serves the listing and the calendars: both read the catalog, so one function keeps it warm. */
export const makeListingHandler =
  (deps: ServiceDeps) =>
  (event: APIGatewayProxyEvent, context?: Context): Promise<APIGatewayProxyResult> =>
    runRequest(deps, event, context, async () => {
      const catalog = await deps.catalog();
      const year = currentUtcYear(deps.clock);
      if (event.resource === CALENDARS_RESOURCE) return jsonResponse(200, listCalendars(catalog, year));
      if (!(LISTING_RESOURCES as readonly string[]).includes(event.resource)) throw new RouteNotFoundError();
      const query = parseListQuery(queryParamsOf(event), catalog, year);
      return jsonResponse(200, await listNamedays(query, catalog, deps.fixedDays));
    });
