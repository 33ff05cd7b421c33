import countryData from '../../../data/countries.json';

/**
 * The supported countries (ISO 3166-1 alpha-2) and the English short names the API returns. They are
 * data (data/countries.json), bundled at build time, so adding a country touches data/ only.
 */
export const COUNTRY_NAMES: Readonly<Record<string, string>> = countryData.countries;

export const isSupportedCountry = (code: string): boolean => Object.hasOwn(COUNTRY_NAMES, code);

export const countryName = (code: string): string => COUNTRY_NAMES[code] ?? code;
