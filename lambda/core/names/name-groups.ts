import { foldName } from './name-folding';

/** One name in many languages: its English form and the forms calendars use. */
export interface NameGroup {
  en: string;
  forms: string[];
}

/** Looks up the group of a name by any of its forms, compared folded. */
export class NameGroups {
  private readonly byForm = new Map<string, NameGroup>();

  constructor(readonly groups: readonly NameGroup[]) {
    for (const group of groups) {
      for (const form of [group.en, ...group.forms]) {
        const key = foldName(form);
        if (!this.byForm.has(key)) this.byForm.set(key, group);
      }
    }
  }

  groupOf(name: string): NameGroup | undefined {
    return this.byForm.get(foldName(name));
  }
}
