import { foldName } from './name-folding';

/** One name in many languages: its English form and the forms calendars use. */
export interface NameGroup {
  en: string;
  forms: string[];
  /**
   * Forms that are this name only in one country's calendars, keyed by country code: the same letters are
   * another name elsewhere (the Croatian Ante is Antun, the Sami Ánte is Andreas).
   */
  countryForms?: Record<string, string[]>;
}

/** Every form a group is found by, its country forms included. */
export const formsOfGroup = (group: NameGroup): string[] => [
  group.en,
  ...group.forms,
  ...Object.values(group.countryForms ?? {}).flat(),
];

/** Looks up the group of a name by any of its forms, compared folded; a country's own forms first. */
export class NameGroups {
  private readonly byForm = new Map<string, NameGroup>();
  private readonly byCountryForm = new Map<string, NameGroup>();

  constructor(readonly groups: readonly NameGroup[]) {
    for (const group of groups) {
      for (const form of [group.en, ...group.forms]) {
        const key = foldName(form);
        if (!this.byForm.has(key)) this.byForm.set(key, group);
      }
      for (const [country, forms] of Object.entries(group.countryForms ?? {})) {
        for (const form of forms) {
          const key = `${country} ${foldName(form)}`;
          if (!this.byCountryForm.has(key)) this.byCountryForm.set(key, group);
        }
      }
    }
  }

  /** The group of a name as a calendar of `country` uses it; without a country, its general group. */
  groupOf(name: string, country?: string): NameGroup | undefined {
    const folded = foldName(name);
    return (country === undefined ? undefined : this.byCountryForm.get(`${country} ${folded}`)) ?? this.byForm.get(folded);
  }
}
