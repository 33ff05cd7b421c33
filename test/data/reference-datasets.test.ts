import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadServiceData } from '../../lambda/adapters/data-files/service-data';
import { foldName } from '../../lambda/core/names/name-folding';
import { agreedNames } from '../../scripts/data-build-names';
import { REFERENCE_DIR, datasetDayKey, loadReferenceDatasets, type ReferenceDataset } from '../../scripts/data-reference';
import { givenNamesOfLabel } from '../../scripts/data-reference-import';
import { nameFormProblem } from '../../scripts/name-form-problems';

const dataset = (id: string, days: Record<string, string[]>): ReferenceDataset => ({
  manifest: { id, title: id, url: 'https://example.org', licence: 'MIT', origin: 'test', retrieved: '2026-11-29', calendars: ['x'] },
  days,
});

describe('vendored reference datasets', () => {
  const datasets = loadReferenceDatasets();
  const slugs = new Set(loadServiceData().definitions.map((calendar) => calendar.slug));

  it('each names calendars that exist and carries its licence text', () => {
    expect(datasets.length).toBeGreaterThan(0);
    for (const { manifest } of datasets) {
      for (const slug of manifest.calendars) expect(slugs).toContain(slug);
      expect(existsSync(join(REFERENCE_DIR, manifest.id, 'LICENSE'))).toBe(true);
    }
  });

  it('every name a calendar took from them is on that day in two of them', () => {
    const french = loadServiceData().definitions.find((calendar) => calendar.slug === 'french-catholic')!;
    const byId = new Map(datasets.map((entry) => [entry.manifest.id, entry]));
    const voters = ['freebsd-fetes-fr', 'romcal-fr', 'abalin-fr'].map((id) => byId.get(id)!);
    const agreed = agreedNames(voters);
    for (const [day, names] of agreed) {
      const ours = new Set((french.days[day]?.names ?? []).map(foldName));
      for (const name of names) if (!french.days[day]?.gap && !nameFormProblem(name)) expect(ours).toContain(foldName(name));
    }
  });
});

describe('datasetDayKey', () => {
  it('reads a dataset of the Julian church days on the civil day they fall on', () => {
    // Saint Basil, 1 January of the Julian calendar, is kept on 14 January civil; Julian 29 February 2024 fell on 13 March.
    expect(datasetDayKey({ reckoning: 'julian' }, 2026, 1, 14)).toBe('01-01');
    expect(datasetDayKey({ reckoning: 'julian' }, 2024, 3, 13)).toBe('02-29');
    expect(datasetDayKey({ reckoning: 'julian' }, 2026, 3, 13)).toBe('02-28');
    expect(datasetDayKey({}, 2026, 1, 14)).toBe('01-14');
  });

  it('is declared by the Russian datasets, whose days are the church calendar\'s, like the calendar file', () => {
    const russian = loadReferenceDatasets().filter((dataset) => dataset.manifest.calendars.includes('russian-orthodox'));
    expect(russian.length).toBeGreaterThan(0);
    for (const { manifest } of russian) expect(manifest.reckoning).toBe('julian');
  });
});

describe('agreedNames', () => {
  it('takes a name two datasets give on the same day, in the first one’s spelling, and nothing one gives alone', () => {
    const agreed = agreedNames([
      dataset('a', { '01-02': ['Grégoire', 'Basile'], '01-03': ['Geneviève'] }),
      dataset('b', { '01-02': ['Gregoire'], '01-04': ['Geneviève'] }),
    ]);
    expect([...agreed]).toEqual([['01-02', ['Grégoire']]]);
  });
});

describe('givenNamesOfLabel', () => {
  it('keeps the given names of the saints a label names, not feasts, groups or halves of compounds', () => {
    expect(givenNamesOfLabel('Santi Basilio Magno e Gregorio Nazianzeno, vescovi', 'it', true)).toEqual(['Basilio', 'Gregorio']);
    expect(givenNamesOfLabel('Sant’Agnese, vergine e martire', 'it', true)).toEqual(['Agnese']);
    expect(givenNamesOfLabel('San Raimundo de Peñafort, presbítero', 'es', true)).toEqual(['Raimundo']);
    expect(givenNamesOfLabel('Saint Raymond de Peñafort, prêtre († 1275)', 'fr', true)).toEqual(['Raymond']);
    expect(givenNamesOfLabel('Annunciazione del Signore', 'it', true)).toEqual([]);
    expect(givenNamesOfLabel('Santa Maria Maddalena', 'it', true)).toEqual([]);
    expect(givenNamesOfLabel('San Giovanni Paolo II, papa', 'it', true)).toEqual([]);
    expect(givenNamesOfLabel('Santi Arcangeli Michele, Gabriele e Raffaele', 'it', true)).toEqual([]);
  });
});

describe('nameFormProblem', () => {
  it('accepts given names, compound and accented, and rejects feast words and label fragments', () => {
    for (const name of ['Jean-Baptiste', 'Adélaïde', 'Ángeles', 'Beata', 'Noël', "D'Artagnan", 'Liviu-Galaction']) expect(nameFormProblem(name)).toBeUndefined();
    for (const name of ['Innocents', 'Toussaint', 'Santi', 'Vergine', 'Igino, Papa', 'basilio', 'Anna (Sainte)', 'MarcellinoVescovo']) {
      expect(nameFormProblem(name)).toBeDefined();
    }
  });
});
