import type { APIGatewayProxyEvent } from 'aws-lambda';

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

/** RFC 9110's qvalue: 0 to 1 with at most three decimals. */
const QVALUE = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/;

/** The Accept header's media ranges; an element that does not parse (or has a malformed q) is skipped. */
const mediaRanges = (accept: string): MediaRange[] =>
  accept.split(',').flatMap((element) => {
    const [range = '', ...parameters] = element.split(';').map((part) => part.trim());
    const [type, subtype, extra] = range.toLowerCase().split('/');
    if (!type || !subtype || extra !== undefined) return [];
    let q = 1;
    for (const parameter of parameters) {
      const [name = '', value = ''] = parameter.split('=').map((part) => part.trim());
      if (name.toLowerCase() !== 'q') continue;
      if (!QVALUE.test(value)) return [];
      q = Number(value);
    }
    return [{ type, subtype, q }];
  });

/** The q a media type gets: that of the most specific range matching it (type/subtype, type/*, then *\/*); 0 when none does. */
const qualityOf = (ranges: readonly MediaRange[], type: string, subtype: string): number => {
  const specificity = (range: MediaRange): number =>
    range.type === type && range.subtype === subtype
      ? 3
      : range.type === type && range.subtype === '*'
        ? 2
        : range.type === '*' && range.subtype === '*'
          ? 1
          : 0;
  let best: MediaRange | undefined;
  for (const range of ranges) {
    const rank = specificity(range);
    if (rank > 0 && (!best || rank > specificity(best))) best = range;
  }
  return best?.q ?? 0;
};

/**
 * The answer's format by RFC 9110 content negotiation: the type with the higher q wins, `q=0` excludes a
 * type, a tie goes to JSON. A request that accepts neither (say `Accept: text/html`) gets JSON, as one
 * with no Accept does: the server may disregard Accept rather than answer 406 (RFC 9110, 12.5.1), and a
 * client that sends an odd header still gets the data.
 */
export const answerFormat = (event: Pick<APIGatewayProxyEvent, 'headers'>): 'ics' | 'json' => {
  const name = Object.keys(event.headers ?? {}).find((header) => header.toLowerCase() === 'accept');
  const accept = name === undefined ? '' : (event.headers[name] ?? '');
  const ranges = mediaRanges(accept);
  return qualityOf(ranges, 'text', 'calendar') > qualityOf(ranges, 'application', 'json') ? 'ics' : 'json';
};
