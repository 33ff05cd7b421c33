// Who celebrates on a day, and where a name is celebrated: the API from JavaScript (Node 18+ or a
// browser), with fetch and nothing else. NAMEDAY_API_URL and NAMEDAY_API_KEY say where and who.
const base = process.env.NAMEDAY_API_URL ?? 'http://127.0.0.1:3000';
const key = process.env.NAMEDAY_API_KEY;

const get = async (path) => {
  const response = await fetch(`${base}${path}`, { headers: { 'x-api-key': key } });
  const body = await response.json();
  // Errors carry {error, message, statusCode}; 429 also says how long to wait.
  if (!response.ok)
    throw new Error(`${response.status} ${body.message} (retry after ${response.headers.get('retry-after') ?? '-'} s)`);
  return body;
};

const { namedays } = await get('/api/v1/namedays?country=CZ&date=2026-03-19');
for (const entry of namedays) console.log(`${entry.date} ${entry.countryName}: ${entry.names.join(', ')}`);

const { results } = await get(`/api/search?q=${encodeURIComponent('Jiří')}&year=2026`);
for (const result of results.slice(0, 3)) console.log(`${result.name} (${result.nameEn}) ${result.date} ${result.countryCode}`);
