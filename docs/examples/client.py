"""Who celebrates on a day, and where a name is celebrated: the API from Python 3, standard library only.
NAMEDAY_API_URL and NAMEDAY_API_KEY say where and who."""
import json
import os
import urllib.error
import urllib.parse
import urllib.request

BASE = os.environ.get("NAMEDAY_API_URL", "http://127.0.0.1:3000")
KEY = os.environ["NAMEDAY_API_KEY"]


def get(path):
    request = urllib.request.Request(BASE + path, headers={"x-api-key": KEY})
    try:
        with urllib.request.urlopen(request) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        # Errors carry {error, message, statusCode}; 429 also says how long to wait.
        body = json.load(error)
        raise SystemExit(f"{error.code} {body['message']} (retry after {error.headers.get('Retry-After', '-')} s)")


for entry in get("/api/v1/namedays?country=CZ&date=2026-03-19")["namedays"]:
    print(f"{entry['date']} {entry['countryName']}: {', '.join(entry['names'])}")

for result in get("/api/search?q=" + urllib.parse.quote("Jiří") + "&year=2026")["results"][:3]:
    print(f"{result['name']} ({result['nameEn']}) {result['date']} {result['countryCode']}")
