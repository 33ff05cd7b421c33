import type { APIGatewayProxyEvent } from 'aws-lambda';

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/** The answer's format: iCalendar when the client's Accept names text/calendar, JSON otherwise. */
export const answerFormat = (event: Pick<APIGatewayProxyEvent, 'headers'>): 'ics' | 'json' => {
  const name = Object.keys(event.headers ?? {}).find((header) => header.toLowerCase() === 'accept');
  const accept = name === undefined ? '' : (event.headers[name] ?? '');
  return /(^|,)\s*text\/calendar\s*(;|,|$)/i.test(accept) ? 'ics' : 'json';
};
