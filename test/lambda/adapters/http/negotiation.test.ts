import { answerFormat } from '../../../../lambda/adapters/http/negotiation';

const formatFor = (accept?: string) => answerFormat({ headers: accept === undefined ? {} : { Accept: accept } });

describe('content negotiation by q-values (RFC 9110)', () => {
  it.each([
    [undefined, 'json'],
    ['', 'json'],
    ['text/calendar', 'ics'],
    ['TEXT/Calendar; charset=utf-8', 'ics'],
    ['text/calendar;q=0, application/json', 'json'],
    ['text/calendar, application/json;q=0.5', 'ics'],
    ['application/json;q=0.4, text/calendar;q=0.5', 'ics'],
    ['application/json;q=0.5, text/calendar;q=0.5', 'json'],
    ['*/*', 'json'],
    ['text/*', 'ics'],
    ['text/*, application/json', 'json'],
    ['text/calendar, */*;q=0.1', 'ics'],
    ['*/*;q=0.9, text/calendar;q=0', 'json'],
    ['text/html', 'json'],
    ['application/json;q=0, text/calendar;q=0', 'json'],
    ['text/calendar;q=2, application/json;q=0.1', 'json'],
    ['text/calendar;q=abc', 'json'],
  ])('Accept %p answers %s', (accept, format) => {
    expect(formatFor(accept)).toBe(format);
  });

  it('reads the header whatever the case of its name', () => {
    expect(answerFormat({ headers: { accept: 'text/calendar' } })).toBe('ics');
  });
});
