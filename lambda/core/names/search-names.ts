// (primary adapter: HTTP handler) --> use case: search names --> (secondary adapter: name index)
import type { CalendarCatalog } from '../calendar/catalog';
import { countryName } from '../shared/countries';
import type { NameOccurrence } from './name-index';
import type { SearchQuery } from './search-query';

/** Finds the occurrences whose indexed tokens start with a folded query; one store query. */
export interface NameIndexReader {
  findByPrefix(folded: string): Promise<NameOccurrence[]>;
}

export interface SearchResult {
  name: string;
  nameEn: string | null;
  date: string;
  countryCode: string;
  countryName: string;
  calendarName: string;
}

export const MAX_SEARCH_RESULTS = 500;

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Code-point order: stable across hosts and many times faster than a locale collation. */
const byResultOrder = (a: SearchResult, b: SearchResult): number =>
  compare(a.date, b.date) ||
  compare(a.countryCode, b.countryCode) ||
  compare(a.name, b.name) ||
  compare(a.calendarName, b.calendarName);

/**
 * Primary course: one index query for the folded prefix, then each occurrence is dated in the
 * requested year from its calendar's rules (pure), sorted, and cut at 500.
 */
export const searchNames = async (
  query: SearchQuery,
  catalog: CalendarCatalog,
  index: NameIndexReader,
): Promise<{ results: SearchResult[]; truncated: boolean }> => {
  if (!query.folded) return { results: [], truncated: false };
  const occurrences = await index.findByPrefix(query.folded);
  const seen = new Set<string>();
  const results: SearchResult[] = [];
  for (const occurrence of occurrences) {
    const calendar = catalog.find(occurrence.slug);
    if (!calendar) continue;
    for (const date of catalog.datesOfRules(occurrence.slug, query.year).get(occurrence.ref) ?? []) {
      const identity = `${date}|${occurrence.slug}|${occurrence.name}`;
      if (seen.has(identity)) continue;
      seen.add(identity);
      results.push({
        name: occurrence.name,
        nameEn: occurrence.nameEn,
        date,
        countryCode: calendar.country,
        countryName: countryName(calendar.country),
        calendarName: calendar.calendarName,
      });
    }
  }
  results.sort(byResultOrder);
  return { results: results.slice(0, MAX_SEARCH_RESULTS), truncated: results.length > MAX_SEARCH_RESULTS };
};
