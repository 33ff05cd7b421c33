export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Bodies from this size go gzipped to clients that accept it, on API Gateway and locally alike. */
export const MIN_COMPRESSION_BYTES = 1024;
