/**
 * The independent datasets vendored under data/reference/<id>/ (manifest.json + days.json): build-time
 * inputs of `npm run data:agreement` and of the scripts that build calendar names from agreeing sources,
 * never served. Read strictly, so a malformed manifest fails the build instead of skewing a figure.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const REFERENCE_DIR = join(__dirname, '..', 'data', 'reference');

export interface ReferenceManifest {
  id: string;
  title: string;
  /** Where the dataset is published (repository or portal page). */
  url: string;
  licence: string;
  /** What the dataset says it is built from: two datasets with one origin are one source. */
  origin: string;
  /** The day it was copied, YYYY-MM-DD. */
  retrieved: string;
  /** Our calendars it is compared with (slugs). */
  calendars: string[];
  /** Optional: a version, tag or commit of the dataset. */
  version?: string;
  /**
   * Optional: "julian" when the days are the church's Julian dates (Saint Basil on 01-01, kept on 14 January
   * civil), as the calendar files of a church on the Julian calendar write them; civil dates otherwise.
   */
  reckoning?: 'julian';
}

export interface ReferenceDataset {
  manifest: ReferenceManifest;
  /** "MM-DD" → names as the dataset spells them; fixed days only. */
  days: Readonly<Record<string, readonly string[]>>;
}

const DAY_KEY = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const REQUIRED_TEXT = ['id', 'title', 'url', 'licence', 'origin', 'retrieved'] as const;

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8')) as unknown;

const parseManifest = (folder: string, raw: unknown): ReferenceManifest => {
  const where = `data/reference/${folder}/manifest.json`;
  if (typeof raw !== 'object' || raw === null) throw new Error(`${where}: not an object`);
  const record = raw as Record<string, unknown>;
  for (const field of REQUIRED_TEXT) {
    if (typeof record[field] !== 'string' || record[field] === '')
      throw new Error(`${where}: "${field}" must be a non-empty string`);
  }
  if (record.id !== folder) throw new Error(`${where}: "id" must be the folder name "${folder}"`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(record.retrieved as string)) throw new Error(`${where}: "retrieved" must be YYYY-MM-DD`);
  const calendars = record.calendars;
  if (!Array.isArray(calendars) || calendars.length === 0 || !calendars.every((slug) => typeof slug === 'string')) {
    throw new Error(`${where}: "calendars" must list at least one calendar slug`);
  }
  if (record.version !== undefined && typeof record.version !== 'string') throw new Error(`${where}: "version" must be a string`);
  if (record.reckoning !== undefined && record.reckoning !== 'julian')
    throw new Error(`${where}: "reckoning" can only be "julian"`);
  return record as unknown as ReferenceManifest;
};

const parseDays = (folder: string, raw: unknown): Record<string, string[]> => {
  const where = `data/reference/${folder}/days.json`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error(`${where}: not an object`);
  const days: Record<string, string[]> = {};
  for (const [key, names] of Object.entries(raw as Record<string, unknown>)) {
    if (!DAY_KEY.test(key)) throw new Error(`${where}: "${key}" is not an MM-DD day`);
    if (!Array.isArray(names) || !names.every((name) => typeof name === 'string' && name.trim() !== '')) {
      throw new Error(`${where}: ${key} must be a list of names`);
    }
    days[key] = names as string[];
  }
  return days;
};

/** One vendored dataset's days, read as strictly as the whole set: what the calendar builds take. */
export const referenceDays = (folder: string, directory = REFERENCE_DIR): Record<string, string[]> =>
  parseDays(folder, readJson(join(directory, folder, 'days.json')));

/** The Julian calendar runs 13 days behind the civil one from March 1900 to February 2100. */
const JULIAN_LAG_DAYS = 13;

/**
 * The key under which a dataset lists a civil day of 1901 to 2099 (the years when both calendars agree on
 * leap years): its Julian date where it keeps those.
 */
export const datasetDayKey = (
  manifest: Pick<ReferenceManifest, 'reckoning'>,
  year: number,
  month: number,
  day: number,
): string => {
  const date = new Date(Date.UTC(year, month - 1, manifest.reckoning === 'julian' ? day - JULIAN_LAG_DAYS : day));
  return `${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;
};

/** One vendored dataset's manifest, read as strictly as the whole set. */
export const referenceManifest = (folder: string, directory = REFERENCE_DIR): ReferenceManifest =>
  parseManifest(folder, readJson(join(directory, folder, 'manifest.json')));

/** Every vendored dataset, in folder order. */
export const loadReferenceDatasets = (directory = REFERENCE_DIR): ReferenceDataset[] => {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(directory, entry.name, 'manifest.json')))
    .map((entry) => entry.name)
    .sort()
    .map((folder) => ({
      manifest: parseManifest(folder, readJson(join(directory, folder, 'manifest.json'))),
      days: parseDays(folder, readJson(join(directory, folder, 'days.json'))),
    }));
};
