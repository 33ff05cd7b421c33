/**
 * Words that name a feast, a holy day or a holiday rather than a person, as German, Croatian and Polish
 * name-day lists print them ("Neujahr", "Mariä Lichtmess", "Velika Gospa"). The list import drops them,
 * and test/data/depth-build.test.ts fails when a calendar the depth build feeds lists one as a name; feasts
 * belong in a day's `feasts`. Words that are also given names somewhere stay off the list: "Mariä" folds
 * to Maria, and Pauli and Petri are Finnish names.
 */
import { foldName } from '../lambda/core/names/name-folding';

const LABELS = [
  // German
  'Neujahr',
  'Silvesterabend',
  'Heilige drei Könige',
  'Dreikönig',
  'Lichtmess',
  'Himmelfahrt',
  'Empfängnis',
  'Verkündigung',
  'Abend',
  'Heiliger Abend',
  'Christfest',
  'Christtag',
  'Weihnachten',
  'Ostern',
  'Pfingsten',
  'Allerheiligen',
  'Allerseelen',
  'Bekehrung',
  'Stuhlfeier',
  'Schutzengelfest',
  'Schutzengel',
  'Unschuldige',
  'Unschuldige Kinder',
  'Kinder',
  'Kreuzerhöhung',
  'Verklärung',
  // Croatian
  'Gospa',
  'Velika',
  'Božić',
  'Badnjak',
  'Uskrs',
  'Duhovi',
  'Tijelovo',
  'Svi sveti',
  'Dušni dan',
  'Reljefima',
  // Polish
  'Wigilia',
  'Wszystkich Świętych',
  'Zaduszki',
  'Trzech Króli',
  // English labels found in the datasets
  'Christmas',
  'New Year',
];

const FOLDED = new Set(LABELS.map(foldName));

/** True when the text is a feast label, not a given name. */
export const isFeastLabel = (text: string): boolean => FOLDED.has(foldName(text));
