/** The supported countries (ISO 3166-1 alpha-2) and the English short names the API returns. */
export const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  AT: 'Austria',
  BG: 'Bulgaria',
  CY: 'Cyprus',
  CZ: 'Czechia',
  DE: 'Germany',
  ES: 'Spain',
  FI: 'Finland',
  FR: 'France',
  GR: 'Greece',
  HR: 'Croatia',
  HU: 'Hungary',
  IT: 'Italy',
  LV: 'Latvia',
  PL: 'Poland',
  RO: 'Romania',
  RU: 'Russia',
  SE: 'Sweden',
  SK: 'Slovakia',
  UA: 'Ukraine',
};

export const isSupportedCountry = (code: string): boolean => Object.hasOwn(COUNTRY_NAMES, code);

export const countryName = (code: string): string => COUNTRY_NAMES[code] ?? code;
