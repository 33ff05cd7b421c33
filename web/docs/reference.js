// Renders docs/openapi.yaml with Redoc, both served from this origin. Search runs in a worker Redoc
// builds from a blob, which the page's Content-Security-Policy (scripts from this origin only) refuses;
// so it is off, and the browser's own find on the page stands in.
/* global Redoc */
Redoc.init(
  'docs/openapi.yaml',
  { disableSearch: true, expandResponses: '200,201', hideDownloadButton: false, pathInMiddlePanel: true },
  document.getElementById('reference'),
);
